"""Shared modules never name a game or a family: a game says what it is through its interface
(``sim.game.Game``), so adding a game is a folder and a registry line, with no edit elsewhere."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAMES = ("xiantao", "doudizhu", "shanghai", "landlord", "wushik", "shuangkou", "guanpai", "gandengyan", "niuniu",
         "hkstud", "tractor", "hongwu", "bridge", "仙桃", "千分", "斗地主", "上海", "三打一", "双扣", "关牌",
         "干瞪眼", "牛牛", "港式", "八十分", "红五", "桥牌")
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
