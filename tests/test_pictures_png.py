"""PNG output through the optional cairosvg (the extra ``pictures``)."""

from __future__ import annotations

from pathlib import Path

import pytest

import boardrules as br
from boardrules.cli import main
from boardrules.pictures import svg_to_png
from extras import need

need("cairosvg", "pictures")
Image = need("PIL.Image", "pictures")  # Pillow comes with cairosvg


def test_svg_to_png_draws_the_board(tmp_path: Path) -> None:
    s = br.new_game("dorada", players=3)
    path = svg_to_png(br.render_svg(s, size=400), tmp_path / "board.png")
    with Image.open(path) as image:
        assert image.format == "PNG"
        assert image.size[0] == 400
        assert len(image.convert("RGB").getcolors(1 << 16) or ()) > 8


def test_cli_show_writes_png_and_svg(tmp_path: Path) -> None:
    doc = tmp_path / "state.json"
    doc.write_text(br.to_json(br.new_game("dorasure", players=2)), encoding="utf-8")
    png, svg = tmp_path / "b.png", tmp_path / "b.svg"
    assert main(["show", str(doc), "--png", str(png), "--svg", str(svg), "--size", "300"]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert svg.read_text(encoding="utf-8").startswith("<svg")


def test_a_png_that_cannot_be_written_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # cairo wrote the file itself and its error's reason was its status number: the command
    # said "cannot write b.png: 11" for a missing folder, a full disk or a folder.
    doc = tmp_path / "state.json"
    doc.write_text(br.to_json(br.new_game("docker")), encoding="utf-8")
    missing = tmp_path / "no" / "b.png"
    with pytest.raises(FileNotFoundError):
        svg_to_png(br.render_svg(br.new_game("docker")), missing)
    assert main(["show", str(doc), "--png", str(missing)]) == 2
    assert f"cannot write {missing}: No such file or directory" in capsys.readouterr().err
    assert main(["show", str(doc), "--png", str(tmp_path)]) == 2
    assert f"cannot write {tmp_path}: Is a directory" in capsys.readouterr().err
