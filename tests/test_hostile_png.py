"""Regression tests: :func:`boardrules.pictures.svg_to_png` refuses a bad scale, a text that
is not SVG and a picture too large for PNG with a ValueError (it raised cairo's own errors,
TypeError or ParseError)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import boardrules as br
from boardrules.pictures import svg_to_png
from extras import need

need("cairosvg", "pictures")


@pytest.mark.parametrize("scale", [-1, 0, float("nan"), True, "2", 1e6])
def test_svg_to_png_refuses_a_scale_out_of_range(tmp_path: Path, scale: Any) -> None:
    svg = br.render_svg(br.new_game("docker"))
    with pytest.raises(ValueError, match="scale must be a number above 0 and at most 20"):
        svg_to_png(svg, tmp_path / "x.png", scale=scale)
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize(("svg", "message"), [
    ("not svg", "svg must be an SVG document"),
    (5, "svg must be an SVG document"),
    ("<svg", "svg is not a well-formed SVG document"),
])  # fmt: skip
def test_svg_to_png_refuses_what_is_not_svg(tmp_path: Path, svg: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        svg_to_png(svg, tmp_path / "x.png")


@pytest.mark.slow
def test_svg_to_png_refuses_a_picture_too_large_for_png(tmp_path: Path) -> None:
    svg = br.render_svg(br.new_game("docker"), size=100_000)
    with pytest.raises(ValueError, match="at most 32767 pixels a side"):
        svg_to_png(svg, tmp_path / "x.png")
    assert svg_to_png(svg, tmp_path / "y.png", scale=0.1).stat().st_size > 0
