"""Double-dummy tables and par through DDS (bundled by the optional ``endplay`` package).

``dd_rows(masks, dealers, vuls)`` returns one ``DD_LAYOUT`` row per deal: the tricks each seat takes as
declarer in each strain when all four hands are seen and played perfectly, and the par score and
par contracts for the board's dealer and vulnerability. ``dd_range(seed, start, stop)`` deals
boards ``start .. stop-1`` itself, so a shard of a run (a game range) is computed on its own —
the same rows whatever the sharding or the number of threads (DD results are exact).

DDS solves at most 40 deals of all five strains per ``CalcAllTables`` call (``MAXNOOFTABLES``):
the deals go in batches of 40, and DDS spreads each batch over its own thread pool (all cores by
default; ``threads`` sets ``SetMaxThreads``). Calls into DDS release the GIL but share its thread
pool, so batches run one after another; a process per worker is the way to more parallelism.

Conventions mapped here (endplay 0.5 / DDS 2.9):
* seats: DDS hands 0 N, 1 E, 2 S, 3 W — as paiju's;
* suits: DDS suit 0 ♠, 1 ♥, 2 ♦, 3 ♣ (paiju: 0 ♣ .. 3 ♠), so DDS suit = 3 - paiju suit; DDS
  strains (``resTable`` rows) 0 ♠, 1 ♥, 2 ♦, 3 ♣, 4 NT;
* holdings: DDS bit r for rank r = 2..14 (ace 14), so a DDS holding is paiju's 13-bit holding
  shifted left by 2;
* vulnerability: DDS 0 none, 1 both, 2 N-S, 3 E-W (paiju: 0 none, 1 N-S, 2 E-W, 3 both);
* par (``DealerParBin``): ``score`` is from N-S's side; a contract's ``denom`` is 0 NT, 1 ♠,
  2 ♥, 3 ♦, 4 ♣; ``seats`` 0..3 one seat, 4 N or S, 5 E or W (counted as two par contracts);
  ``underTricks`` > 0 marks a doubled sacrifice.
"""

from __future__ import annotations

import ctypes

import numpy as np

from kernels.bridge.layout import DD_LAYOUT
from sim.errors import UserError

BATCH = 40  # DDS MAXNOOFTABLES: deals per CalcAllTables call with all five strains
DDS_VUL = np.array([0, 2, 3, 1], np.int64)  # paiju vulnerability code -> DDS
DDS_DENOM_TO_STRAIN = (4, 3, 2, 1, 0)  # par contract denom (0 NT, 1 S, 2 H, 3 D, 4 C) -> paiju strain
MAX_PAR = 6  # par contracts packed into the par_contracts word
ROW_DD = DD_LAYOUT.at("dd_c")  # + 4 * strain + seat (dd_c, dd_d, dd_h, dd_s, dd_nt consecutive)
ROW_PAR_SCORE = DD_LAYOUT.at("par_score")
ROW_PAR_COUNT = DD_LAYOUT.at("par_count")
ROW_PAR_CONTRACTS = DD_LAYOUT.at("par_contracts")
assert DD_LAYOUT.at("dd_nt") == ROW_DD + 16


def _dds():
    try:
        from endplay import _dds
    except ImportError:
        raise UserError("double-dummy analysis needs the optional package endplay: "
                        "pip install 'paiju[bridge]'") from None
    return _dds


def set_threads(threads: int) -> None:
    """DDS thread pool size (0: all cores)."""
    _dds().SetMaxThreads(int(threads))


def dds_holdings(masks: np.ndarray) -> np.ndarray:
    """(n, 4 hands, 4 DDS suits) uint32 DDS holdings of (n, 4) paiju hand bitmasks."""
    m = np.asarray(masks, dtype=np.uint64)
    out = np.empty(m.shape + (4,), np.uint32)
    for dds_suit in range(4):
        suit = 3 - dds_suit
        out[:, :, dds_suit] = ((m >> np.uint64(13 * suit)) & np.uint64(0x1FFF)).astype(np.uint32) << np.uint32(2)
    return out


def _view(struct, dtype, offset_items: int, shape) -> np.ndarray:
    """A numpy view of a ctypes structure's memory (items of ``dtype`` after ``offset_items``)."""
    raw = (ctypes.c_char * ctypes.sizeof(struct)).from_address(ctypes.addressof(struct))
    flat = np.frombuffer(raw, dtype=dtype)
    n = int(np.prod(shape))
    return flat[offset_items:offset_items + n].reshape(shape)


class Solver:
    """DDS input/output structures, reused from batch to batch, with numpy views of their memory."""

    def __init__(self):
        dds = self.dds = _dds()
        self.deals = dds.ddTableDeals()
        self.res = dds.ddTablesRes()
        self.all_par = dds.allParResults()
        self.master = dds.parResultsMaster()
        self.table = dds.ddTableResults()
        # ddTableDeals = {int noOfTables; uint cards[200][4][4]}; ddTablesRes = {int n; int resTable[200][5][4]}
        self.cards = _view(self.deals, np.uint32, 1, (dds.MAXNOOFTABLES * 5, 4, 4))
        self.tables = _view(self.res, np.int32, 1, (dds.MAXNOOFTABLES * 5, 5, 4))
        self.one_table = _view(self.table, np.int32, 0, (5, 4))

    def solve(self, holdings: np.ndarray) -> np.ndarray:
        """(k, 5 paiju strains, 4 seats) tricks of k <= 40 deals given as DDS holdings."""
        k = holdings.shape[0]
        self.cards[:k] = holdings
        self.deals.noOfTables = k
        self.dds.CalcAllTables(self.deals, -1, (0, 0, 0, 0, 0), self.res, self.all_par)
        return self.tables[:k][:, DDS_STRAIN_OF, :].copy()

    def par(self, table: np.ndarray, dealer: int, vul: int) -> tuple[int, int, int]:
        """(par score for N-S, number of par contracts, packed contracts) of a (5, 4) paiju table."""
        self.one_table[DDS_STRAIN_OF] = table
        self.dds.DealerParBin(self.table, self.master, int(dealer), int(DDS_VUL[vul]))
        m = self.master
        count, packed = 0, 0
        for i in range(m.number):
            c = m.contracts[i]
            seats = (c.seats,) if c.seats < 4 else ((0, 2) if c.seats == 4 else (1, 3))
            for seat in seats:
                if count < MAX_PAR:
                    doubled = 1 if c.underTricks > 0 else 0
                    code = c.level | DDS_DENOM_TO_STRAIN[c.denom] << 3 | seat << 6 | doubled << 8
                    packed |= code << (10 * count)
                count += 1
        return m.score, count, packed


DDS_STRAIN_OF = np.array([3, 2, 1, 0, 4])  # paiju strain (C D H S NT) -> DDS resTable row (S H D C NT)


def dd_tables(masks: np.ndarray, solver: Solver | None = None) -> np.ndarray:
    """(n, 5 strains, 4 seats) double-dummy tricks of deals ``masks`` (n, 4), in batches of 40."""
    solver = solver or Solver()
    holdings = dds_holdings(masks)
    out = np.empty((holdings.shape[0], 5, 4), np.int64)
    for lo in range(0, holdings.shape[0], BATCH):
        out[lo:lo + BATCH] = solver.solve(holdings[lo:lo + BATCH])
    return out


def dd_rows(masks: np.ndarray, dealers: np.ndarray, vuls: np.ndarray, with_par: bool = True) -> np.ndarray:
    """``DD_LAYOUT`` rows (int64) of deals ``masks`` (n, 4) with their dealers and vulnerability codes."""
    solver = Solver()
    return table_rows(dd_tables(masks, solver), dealers, vuls, with_par, solver)


def table_rows(tables: np.ndarray, dealers: np.ndarray, vuls: np.ndarray, with_par: bool = True,
               solver: Solver | None = None) -> np.ndarray:
    """``DD_LAYOUT`` rows of solved tables (n, 5 strains, 4 seats), with par for each row's dealer
    and vulnerability (par needs no solving: DDS derives it from the table)."""
    rows = np.zeros((tables.shape[0], DD_LAYOUT.length), np.int64)
    rows[:, ROW_DD:ROW_DD + 20] = tables.reshape(-1, 20)
    if with_par:
        solver = solver or Solver()
        for i in range(tables.shape[0]):
            rows[i, ROW_PAR_SCORE], rows[i, ROW_PAR_COUNT], rows[i, ROW_PAR_CONTRACTS] = solver.par(
                tables[i], dealers[i], vuls[i])
    return rows


def hand_rows(seed: int, deals: np.ndarray, rotations: np.ndarray, fixed_vul: int = -1,
              with_par: bool = True) -> np.ndarray:
    """DD rows of the hands of a run: deal ``deals[i]`` from ``(seed, deal)`` seen from seats turned
    by ``rotations[i]`` (``--duplicate``; seat k holds what seat k + rotation was dealt, and the
    dealer and vulnerability turn with the cards). Each deal is solved once however many of its
    rotations the rows hold; ``deals`` must lie in one short range (a shard)."""
    from sim.games.bridge.kernel_rows import board_dealer_vul, deal_masks

    deals = np.asarray(deals, np.int64)
    rotations = np.asarray(rotations, np.int64)
    if deals.size == 0:
        return np.zeros((0, DD_LAYOUT.length), np.int64)
    lo, hi = int(deals.min()), int(deals.max()) + 1
    present = np.zeros(hi - lo, bool)
    present[deals - lo] = True
    index = np.cumsum(present) - 1  # deal -> position among the solved deals
    solver = Solver()
    solved = dd_tables(deal_masks(seed, lo, hi)[present], solver)
    tables = solved[index[deals - lo]]
    seat = (np.arange(4)[None, :] + rotations[:, None]) % 4  # row seat k is dealt seat (k + rotation) % 4
    tables = np.take_along_axis(tables, np.broadcast_to(seat[:, None, :], tables.shape), axis=2)
    dealers, vuls = board_dealer_vul(deals + 1, fixed_vul, rotations)
    return table_rows(tables, dealers, vuls, with_par, solver)


def dd_range(seed: int, start: int, stop: int, fixed_vul: int = -1, with_par: bool = True) -> np.ndarray:
    """DD rows of boards ``start .. stop-1`` of a run (deals from ``(seed, g)``): one shard, computed
    on its own. ``fixed_vul`` >= 0 replaces the duplicate cycle (ruleset ``vulnerability = fixed``)."""
    deals = np.arange(start, stop, dtype=np.int64)
    return hand_rows(seed, deals, np.zeros_like(deals), fixed_vul, with_par)


def par_contracts(packed: int, count: int) -> list[tuple[int, int, int, int]]:
    """(level, strain, declarer, doubled) of the stored par contracts (at most ``MAX_PAR``)."""
    out = []
    for k in range(min(int(count), MAX_PAR)):
        code = (int(packed) >> (10 * k)) & 0x3FF
        out.append((code & 7, (code >> 3) & 7, (code >> 6) & 3, (code >> 8) & 1))
    return out
