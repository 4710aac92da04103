"""Fixed cards (``--fix SEAT=CARDS``): the shared dealing layer's sim side.

A game that can deal with fixed cards declares a ``Dealing`` (``sim.game.Game.dealing``): its
card notation (the names its replay prints, each with the physical ids of its copies in the deck
the kernel shuffles) and the deck positions each group takes under its deal convention (a seat's
hand, the kitty). ``parse_fix`` reads the user's ``SEAT=CARDS`` texts into a normalised
``{group: [card names]}`` (stored in the run's options, so ``_run.json``, resume, replay and report
know it); ``fix_tables`` turns that into the two tables of ``kernels.deal.place_fixed``. Without
``--fix`` both tables are empty and a run is bit-identical to one before fixing existed.

Card text: names of the game's notation, longest match first, separated or not by spaces or
commas (``AA2B``, ``A A 2 大王``, ``♠A,♥10``); ASCII letters in either case, and an ASCII spelling
of every name (``ascii_name``: ``SA`` for ♠A, ``HT`` or ``H10`` for ♥10, ``XW`` / ``DW`` for 小王 /
大王, ``W`` for 癞, a wild). Every mistake is one line (``UserError``): unknown card, a group fixed
twice, more cards than the group holds, more copies than the deck has.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from sim.errors import UserError

SEPARATORS = " ,;"


@dataclass(frozen=True)
class Dealing:
    """How a game deals, as ``--fix`` needs it.

    ``cards(rules)``: ``{name: ids}`` — every card name of the notation with the ids of its copies
    (a name may stand for several equivalent cards, e.g. a rank where suits never matter);
    ``aliases``: more spellings of a name (``{"T": "10", "S": "小王"}``). ``groups(rules)``:
    ``{group: deck positions}`` in the deal convention of the game's kernels (seats ``"0"``,
    ``"1"`` …, and ``"kitty"`` where there is one)."""

    cards: Callable[[Any], Mapping[str, Sequence[int]]]
    groups: Callable[[Any], Mapping[str, Sequence[int]]]
    aliases: Mapping[str, str] | None = None
    # --hcp / --shape (dealer-program constraints, by rejection): (rules, fixed, hcp texts, shape
    # texts) -> the normalised {"hcp": ..., "shape": ...} kept in the run's options; None: refused
    constraints: Callable[[Any, Mapping, Sequence[str], Sequence[str]], dict] | None = None


ASCII = {"♠": "S", "♥": "H", "♣": "C", "♦": "D", "小王": "XW", "大王": "DW", "癞": "W"}


def _fold(text: str) -> str:
    return text.upper()


def ascii_name(name: str) -> str:
    """The ASCII spelling of a card name: suit symbols as S/H/C/D, 小王/大王 as XW/DW, 癞 as W."""
    for symbol, letters in ASCII.items():
        name = name.replace(symbol, letters)
    return name


def suited_cards(ids: Sequence[int], wild: Sequence[int] = ()) -> dict[str, list[int]]:
    """The notation replays print for physical ids (``kernels.cards``): ``♠10``, ``小王``, and
    ``癞♥3`` for a wild card; copies of one name are its ids in order."""
    from kernels.cards import card_name

    wilds = {int(c) for c in wild}
    out: dict[str, list[int]] = {}
    for c in ids:
        out.setdefault(("癞" if int(c) in wilds else "") + card_name(int(c)), []).append(int(c))
    return out


def parse_cards(dealing: Dealing, rules, text: str) -> list[str]:
    """The card names in ``text`` (longest match first), or a one-line ``UserError``."""
    cards = dealing.cards(rules)
    names = {_fold(n): n for n in cards}
    for n in cards:  # ASCII spellings, and T for 10
        for spelling in {ascii_name(n), ascii_name(n).replace("10", "T")}:
            names.setdefault(_fold(spelling), n)
    names.update({_fold(a): n for a, n in (dealing.aliases or {}).items()})
    longest = max(map(len, names))
    out, i = [], 0
    while i < len(text):
        if text[i] in SEPARATORS:
            i += 1
            continue
        for size in range(min(longest, len(text) - i), 0, -1):
            hit = names.get(_fold(text[i:i + size]))
            if hit is not None:
                out.append(hit)
                i += size
                break
        else:
            raise UserError(f"--fix: unknown card at {text[i:]!r} in {text!r} (cards: {' '.join(dealing.cards(rules))})")
    return out


def parse_fix(game, rules, texts: Sequence[str] | None) -> dict[str, list[str]]:
    """``["0=AA2B", "kitty=S"]`` → ``{"0": ["A", "A", "2", "大王"], …}``, checked against the deck
    and the deal (one-line ``UserError`` otherwise); ``{}`` without ``--fix``."""
    if not texts:
        return {}
    if game.dealing is None:
        game.refuse("--fix")
    groups = game.dealing.groups(rules)
    fixed: dict[str, list[str]] = {}
    for text in texts:
        seat, sep, cards = text.partition("=")
        seat = seat.strip().lower()
        if not sep or not seat:
            raise UserError(f"--fix takes SEAT=CARDS, e.g. --fix 0=AA2; got {text!r}")
        if seat not in groups:
            raise UserError(f"--fix {text}: {game.name} has no seat {seat!r} (it has: {', '.join(groups)})")
        if seat in fixed:
            raise UserError(f"--fix: seat {seat} is fixed twice; give all its cards in one --fix {seat}=CARDS")
        names = parse_cards(game.dealing, rules, cards)
        if not names:
            raise UserError(f"--fix {text}: no cards given")
        if len(names) > len(groups[seat]):
            raise UserError(f"--fix {text}: {len(names)} cards, but seat {seat} is dealt {len(groups[seat])}")
        fixed[seat] = names
    copies = {name: len(ids) for name, ids in game.dealing.cards(rules).items()}
    wanted: dict[str, int] = {}
    for names in fixed.values():
        for name in names:
            wanted[name] = wanted.get(name, 0) + 1
    for name, k in wanted.items():
        if k > copies[name]:
            have = "only one" if copies[name] == 1 else f"only {copies[name]}"
            raise UserError(f"--fix: {name} is fixed {k} times, but the deck has {have}")
    return fixed


def parse_given(game, rules, fix: Sequence[str] | None, hcp: Sequence[str] | None = None,
                shape: Sequence[str] | None = None) -> dict[str, Any]:
    """The run options of ``--fix``, ``--hcp`` and ``--shape`` (``{}`` without any): the fixed
    cards, and the game's constraints where it offers them (else its one-line refusal)."""
    fixed = parse_fix(game, rules, fix)
    out: dict[str, Any] = {"fix": fixed} if fixed else {}
    if hcp or shape:
        if game.dealing is None or game.dealing.constraints is None:
            game.refuse("--hcp" if hcp else "--shape")
    if game.dealing is not None and game.dealing.constraints is not None and (fixed or hcp or shape):
        out.update(game.dealing.constraints(rules, fixed, list(hcp or []), list(shape or [])))
    return out


def fix_tables(dealing: Dealing | None, rules, fixed: Mapping[str, Sequence[str]] | None):
    """The ``(fix_card, fix_slots)`` int64 tables of ``kernels.deal.place_fixed`` for a normalised
    ``--fix`` (copies of a name are taken in id order); (0, 0) tables without one."""
    import numpy as np

    if not fixed:
        return np.zeros((0, 0), np.int64), np.zeros((0, 0), np.int64)
    cards = dealing.cards(rules)
    groups = dealing.groups(rules)
    width = max(len(v) for v in fixed.values())
    slots = max(len(groups[g]) for g in fixed)
    fix_card = np.full((len(fixed), width), -1, np.int64)
    fix_slots = np.full((len(fixed), slots), -1, np.int64)
    used: dict[str, int] = {}
    for i, (group, names) in enumerate(fixed.items()):
        fix_slots[i, :len(groups[group])] = groups[group]
        for j, name in enumerate(names):
            fix_card[i, j] = cards[name][used.get(name, 0)]
            used[name] = used.get(name, 0) + 1
    return fix_card, fix_slots


def spec_tables(spec):
    """``fix_tables`` of a run spec: its game's ``Dealing`` and the ``fix`` in its options."""
    from sim.registry import load_module_game

    fixed = spec.options.get("fix")
    dealing = load_module_game(spec.module).dealing if fixed else None
    return fix_tables(dealing, spec.rules, fixed)


def seat_groups(n_seats: int, hand_size: int, kitty_size: int = 0) -> dict[str, list[int]]:
    """Groups of the ``kernels.deal`` convention: position ``p`` to seat ``p % n_seats`` while
    ``p < n_seats * hand_size``, the next ``kitty_size`` positions the kitty."""
    out = {str(s): [k * n_seats + s for k in range(hand_size)] for s in range(n_seats)}
    if kitty_size:
        out["kitty"] = list(range(n_seats * hand_size, n_seats * hand_size + kitty_size))
    return out


def describe(fixed: Mapping[str, Sequence[str]] | None, given: Mapping[str, Any] | None = None) -> str:
    """``seat 0 holds A A 2 大王; the kitty holds 小王; seat 2 has 15..17 HCP`` (for report
    headers); '' without ``--fix`` / ``--hcp`` / ``--shape``."""
    parts = [f"{'seat ' + g if g != 'kitty' else 'the kitty'} holds {' '.join(v)}" for g, v in (fixed or {}).items()]
    given = given or {}
    parts += [f"seat {s} has {lo}..{hi} HCP" for s, (lo, hi) in given.get("hcp", {}).items()]
    parts += [f"seat {s} has ♠-♥-♦-♣ lengths " + "-".join(f"{lo}" if lo == hi else f"{lo}..{hi}" for lo, hi in v)
              for s, v in given.get("shape", {}).items()]
    return "; ".join(parts)
