"""Many games stepped at once, as numpy arrays (the optional extra ``batch``:
``pip install 'boardrules[batch]'``, which brings numpy).

:class:`ParchisBatch` holds ``n`` games of Parchís with the same options and plays one
decision in each of them per :meth:`~ParchisBatch.step`: the legal moves are a mask over the
game's fixed action space (the numbers of :func:`boardrules.legal_actions`), the dice are
rolled inside, from a seeded numpy generator or from arrays the caller gives, and the games
that end are restarted or frozen as the caller chooses.  Its observations and returns are
those of :func:`boardrules.observation_into` and :func:`boardrules.returns` for the same
positions, and :meth:`~ParchisBatch.state` / :meth:`~ParchisBatch.from_states` convert to
and from the scalar states, which the differential tests compare at every step.

Only Parchís is batched so far; Docker and Dorada are not yet, and Dorasure is not meant to
be: its turns run an agenda of heroes' abilities and quest events whose length and order
depend on the position (see the Dorasure page), which does not fit fixed-shape arrays
stepped in lockstep.

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

from boardrules.batch._parchis import ParchisBatch, StepResult  # noqa: E402

__all__ = ["ParchisBatch", "StepResult"]
