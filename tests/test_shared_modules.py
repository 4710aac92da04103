"""Shared modules never name a game or a family: a game says what it is through its interface
(``sim.game.Game``), so adding a game is a folder and a registry line, with no edit elsewhere."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def game_names() -> set[str]:
    """Every name a game goes by, from the registry (nothing hand-kept: a game registered is
    checked): its registry name, the kernel package it compiles, its Chinese name (the first word
    of its title, and of four or more characters each shorter run in it: 上海三打一 → 上海, 三打一 …;
    a short name's pieces are words of the climbing games, 地主, 五十) and its other names."""
    from sim.registry import GAMES, load_game

    names = set(GAMES)
    for name in GAMES:
        game = load_game(name)
        names.add(game.engine.rsplit(".", 1)[-1])
        names |= set(getattr(game, "names", ()))
        for word in re.findall(r"[\u4e00-\u9fff]+", game.title.split(" ")[0]):
            names.add(word)
            if len(word) >= 4:
                names |= {word[i:j] for i in range(len(word)) for j in range(i + 2, len(word) + 1)}
    return names - PATTERN_NAMES


# a game named after a card pattern (五十K) cannot be told from the pattern, which shared code names
PATTERN_NAMES = {"五十", "五十K", "510K", "510k"}
NAMES = sorted(game_names(), key=len, reverse=True)
PATTERN = re.compile("|".join(map(re.escape, NAMES)), re.IGNORECASE)


def shared_files() -> list[Path]:
    """sim/ and analysis/ outside the games' folders and the registry; kernels' shared blocks and
    engine families (every kernel package but the games' own)."""
    games = {p.name for p in (ROOT / "sim" / "games").iterdir() if p.is_dir()}
    files = [p for p in (ROOT / "sim").rglob("*.py") if "games" not in p.relative_to(ROOT / "sim").parts
             and p.name != "registry.py"]
    files += list((ROOT / "analysis").rglob("*.py"))
    files += [p for p in (ROOT / "kernels").rglob("*.py")
              if len(p.relative_to(ROOT / "kernels").parts) == 1 or p.relative_to(ROOT / "kernels").parts[0] not in games]
    return sorted(files)


def test_no_shared_module_names_a_game():
    offenders = []
    for path in shared_files():
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            m = PATTERN.search(line)
            if m:
                offenders.append(f"{path.relative_to(ROOT)}:{i}: {m.group(0)}")
    assert not offenders, "shared modules name a game:\n" + "\n".join(offenders)


def test_the_check_sees_the_shared_modules():
    files = {str(p.relative_to(ROOT)) for p in shared_files()}
    assert {"sim/cli.py", "sim/runner.py", "analysis/report.py", "analysis/balance.py", "kernels/rng.py",
            "kernels/climb/loop.py"} <= files
    assert not any(f.startswith("sim/games/") or f.startswith("kernels/xiantao/") for f in files)
    assert PATTERN.search("see sim.games.xiantao for an example") is not None
    assert {"xiantao", "landlord", "仙桃", "千分", "斗地主", "上海", "三打一", "双扣", "红五", "港式"} <= set(NAMES)
