"""Many games stepped at once, as numpy arrays (the optional extra ``batch``:
``pip install 'boardrules[batch]'``, which brings numpy).

:class:`ParchisBatch`, :class:`DoradaBatch` and :class:`DockerBatch` hold ``n`` games of
one game with the same options and play one decision in each of them per ``step``: the
legal moves are a mask over the game's fixed action space (the numbers of
:func:`boardrules.legal_actions`), the dice are rolled inside, from a seeded numpy
generator or from arrays the caller gives, and the games that end are restarted or frozen
as the caller chooses.  Their observations and returns are those of
:func:`boardrules.observation_into` and :func:`boardrules.returns` for the same positions,
and ``state(i)`` / ``from_states(states)`` convert to and from the scalar states, which the
differential tests compare at every step.

Dorasure is not batched: its turns run an agenda of heroes' abilities and quest events
whose length and order depend on the position (see the Dorasure page), which does not fit
fixed-shape arrays stepped in lockstep.

>>> from boardrules.batch import ParchisBatch
>>> b = ParchisBatch(3, seed=1, players=2)
>>> b.legal_mask().shape
(3, 73)
>>> result = b.step(b.random_actions())
>>> result.returns.shape, result.ended.shape
((3, 2), (3,))
"""

from boardrules._extras import require

require("numpy", "batch", "boardrules.batch")

from boardrules.batch._docker import DockerBatch  # noqa: E402
from boardrules.batch._dorada import DoradaBatch  # noqa: E402
from boardrules.batch._parchis import ParchisBatch, StepResult  # noqa: E402

__all__ = ["DockerBatch", "DoradaBatch", "ParchisBatch", "StepResult"]
