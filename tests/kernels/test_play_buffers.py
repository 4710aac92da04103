"""The play kernels allocate their buffers once per block of hands, never per hand.

numba's runtime counts its allocations when asked (``memsys_enable_stats``): playing 40 hands in
one block must allocate exactly as much as playing 8. Before the fix a 仙桃千分 hand allocated its
turn-loop state, the dealt counts and the call card's scratch anew every time.
"""

import numpy as np
import pytest
from numba.core.runtime import _nrt_python as nrt, rtsys

from kernels.landlord.play import play_range as landlord_range
from kernels.landlord.rows import ROW_LEN as LANDLORD_ROW_LEN
from kernels.xiantao.play import ROW_LEN, new_state, play_range
from sim.games.xiantao.play import kernel_inputs
from sim.games.landlord.play import template as landlord_template
from tests.games.landlord_helpers import kernel_inputs as landlord_inputs, make_spec as landlord_spec
from tests.games.xiantao_helpers import make_spec


def _allocations(run, n):
    before = rtsys.get_allocation_stats().alloc
    run(n)
    return rtsys.get_allocation_stats().alloc - before


def _per_hand(run):
    run(4)  # compiled (or loaded) before counting
    nrt.memsys_enable_stats()
    try:
        return _allocations(run, 40) - _allocations(run, 8)
    finally:
        nrt.memsys_disable_stats()


def test_xiantao_hands_reuse_their_buffers():
    spec = make_spec(["smart", "random", "greedy", "smart"])
    template = new_state(kernel_inputs(spec))

    def run(n):
        rows = np.zeros((n, ROW_LEN), np.int64)
        play_range(template, np.array([3, 0, n, 1, 0, 0, 1], np.int64), rows, None)

    assert _per_hand(run) == 0


@pytest.mark.parametrize("game", ["doudizhu", "shanghai"])
def test_landlord_hands_reuse_their_buffers(game):
    spec = landlord_spec(game, ["smart", "random", "greedy", "smart"][:3 if game == "doudizhu" else 4])
    t = landlord_inputs(spec)

    def run(n):
        rows = np.zeros((n, LANDLORD_ROW_LEN), np.int64)
        landlord_range(landlord_template(t), np.uint64(3), np.array([0, n, 1, 0, 0, 1], np.int64), rows, None)

    assert _per_hand(run) == 0


def test_xiantao_deal_is_shuffled_once():
    """The census features' shuffle is the deal: ``play_hand`` neither restarts the stream nor
    shuffles again before the first deal (it did: the same shuffle twice per hand). Only a redeal
    (inside the deal loop) shuffles."""
    import ast
    import inspect
    import textwrap

    from kernels.xiantao.play import play_hand

    body = ast.parse(textwrap.dedent(inspect.getsource(play_hand))).body[0].body
    first_loop = next(i for i, node in enumerate(body) if isinstance(node, ast.While))
    calls = [n.func.id for node in body[:first_loop] for n in ast.walk(node)
             if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)]
    assert calls.count("census_one") == 1
    assert "shuffle" not in calls and "seed_stream" not in calls
