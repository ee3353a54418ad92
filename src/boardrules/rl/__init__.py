"""Reinforcement-learning environments for every boardrules game (the optional extra ``rl``:
``pip install 'boardrules[rl]'``, which brings numpy, Gymnasium and PettingZoo).

* :func:`env` -- a PettingZoo AEC environment where every seat is an agent;
* :func:`parallel_env` -- the same as a PettingZoo parallel environment (each step, the agent
  to move acts; the others' actions are ignored);
* :func:`single_agent_env` -- a Gymnasium environment where one learner plays against bots.

Importing this module also registers Gymnasium ids: ``gymnasium.make("boardrules/Parchis-v0")``
(likewise ``Dorada``, ``Docker`` and ``Dorasure``) is :func:`single_agent_env` of that game
(keywords go to it), and ``gymnasium.make_vec("boardrules/Parchis-v0", num_envs=n)`` is the
batched :class:`boardrules.batch.vector.ParchisVectorEnv` (the extra ``batch`` too; likewise
``Dorada`` and ``Docker``).

Both show only decision nodes (the dice are rolled inside, seeded by ``reset(seed=...)``),
observe with :func:`boardrules.observation` from the agent's seat, and mask the actions with
:func:`boardrules.legal_actions`: the observation is a ``Dict`` with a float32
``"observation"`` array of shape :func:`boardrules.observation_shape` and an int8
``"action_mask"`` of length :func:`boardrules.num_actions`, as PettingZoo's classic games
have.  Rewards are 0 until the end, then :func:`boardrules.returns`.

>>> import boardrules.rl
>>> e = boardrules.rl.env("parchis", players=2)
>>> e.possible_agents
['player_0', 'player_1']
"""

from boardrules._extras import require

# Before anything imports them, so that a missing one names the extra to install.
for _module in ("numpy", "gymnasium", "pettingzoo"):
    require(_module, "rl", "boardrules.rl")

from boardrules.rl._aec import BoardEnv, env  # noqa: E402
from boardrules.rl._parallel import ParallelBoardEnv, parallel_env  # noqa: E402
from boardrules.rl._registry import GYM_IDS, register  # noqa: E402
from boardrules.rl._single import SingleAgentEnv, single_agent_env  # noqa: E402

__all__ = [
    "GYM_IDS",
    "BoardEnv",
    "ParallelBoardEnv",
    "SingleAgentEnv",
    "env",
    "parallel_env",
    "single_agent_env",
]

register()
