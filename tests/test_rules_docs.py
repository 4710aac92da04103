"""The rules pages (docs/rules/) stay tied to the code: every registered game has a page, every
option and variant says in words what it does (a link to its section may follow), and every
section the code cites exists as an anchor of a page, so a new citation without its section fails
here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sim.registry import GAMES, load_game
from sim.ruleset import field_docs

ROOT = Path(__file__).resolve().parents[1]
# the shipped games (tests register a toy game of their own, which has no page)
SHIPPED = sorted(name for name, module in GAMES.items() if module.startswith("sim.games."))
RULES = ROOT / "docs" / "rules"
ANCHOR = re.compile(r'<a id="([\w-]+)"></a>')
# an option's link to its section: "(docs/rules/xiantao.md#x-q1)"
LINK = re.compile(r"\((docs/rules/[\w-]+\.md)#([\w-]+)\)")
# what the code cites: interpretation ids (X-Q1, SH-8, GP-1 …; "A-8-9-10" and "L-4" are not ids)
CITED_ID = re.compile(r"\b((?:X-Q|SH|SK|GP|HK|BR|TR|XJ|W|D|G|N)-\d+)\b")
CITED_SECTION = re.compile(r"§\s?(\d+(?:\.\d+)?)")
# a reference standing where words should be: a spec id, a § section, a source tag ([X-779], S001)
BARE_REFERENCE = re.compile(r"§\s?\d|\b[A-Z]{1,2}-[A-Z]?\d+\b|\[[SX][^\]]*\]|\bS00\d\b|\bX-[a-z0-9]{2,4}\b")
WORD = re.compile(r"[^\W\d_]{2,}")


def anchors(page: Path) -> set[str]:
    return set(ANCHOR.findall(page.read_text(encoding="utf-8")))


def all_anchors() -> dict[str, list[str]]:
    """Anchor → the pages that define it."""
    out: dict[str, list[str]] = {}
    for page in sorted(RULES.glob("*.md")):
        for a in anchors(page):
            out.setdefault(a, []).append(page.name)
    return out


def option_problem(doc: str) -> str | None:
    """Why an option description is not "words, then maybe a link" (None when it is)."""
    words = LINK.sub("", doc)
    if BARE_REFERENCE.search(words):
        return f"bare reference {BARE_REFERENCE.search(words).group(0)!r} instead of words"
    if len(WORD.findall(words)) < 2:
        return "no description in words"
    for page, anchor in LINK.findall(doc):
        path = ROOT / page
        if not path.is_file():
            return f"links to {page}, which does not exist"
        if anchor not in anchors(path):
            return f"links to {page}#{anchor}, which has no such section"
    return None


@pytest.mark.parametrize("game", SHIPPED)
def test_every_game_has_a_rules_page_in_the_index(game):
    page = RULES / f"{game}.md"
    assert page.is_file(), f"docs/rules/{game}.md is missing"
    assert f"({game}.md)" in (RULES / "README.md").read_text(encoding="utf-8"), f"docs/rules/README.md omits {game}"


@pytest.mark.parametrize("game", SHIPPED)
def test_every_option_says_in_words_what_it_does(game):
    problems = [f"{key}: {option_problem(doc)} ({doc!r})"
                for key, (_, doc) in field_docs(load_game(game).rules).items() if option_problem(doc)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game", SHIPPED)
def test_every_variant_says_in_words_what_it_sets(game):
    problems = [f"{name}: {option_problem(v.doc)} ({v.doc!r})"
                for name, v in load_game(game).variants.items() if option_problem(v.doc)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("doc, ok", [
    ("X-Q1", False), ("X-Q8: a pass locks the player out", False), ("SH-7 alt", False), ("§2: which jokers", False),
    ("全关 ×2 ([X-779])", False), ("players", False),
    ("a pass locks the player out of the trick (docs/rules/xiantao.md#x-q8)", True),
    ("a pass locks the player out of the trick (docs/rules/xiantao.md#no-such-section)", False),
    ("a pass locks the player out of the trick (docs/rules/nowhere.md#x-q8)", False),
])
def test_the_option_check_catches_bare_references_and_dead_links(doc, ok):
    assert (option_problem(doc) is None) == ok


def test_anchors_are_unique_across_pages():
    clashes = {a: pages for a, pages in all_anchors().items() if len(pages) > 1 and not re.fullmatch(r"s[\d-]+", a)}
    assert not clashes, clashes


def test_every_interpretation_id_the_code_cites_has_a_section():
    known = all_anchors()
    missing = set()
    for base in ("sim", "kernels", "analysis"):
        for f in (ROOT / base).rglob("*.py"):
            for cited in CITED_ID.findall(f.read_text(encoding="utf-8")):
                if cited.lower() not in known:
                    missing.add(f"{cited} ({f.relative_to(ROOT)})")
    assert not missing, "cited in the code but no docs/rules page has the section: " + ", ".join(sorted(missing))


@pytest.mark.parametrize("game", SHIPPED)
def test_every_section_a_games_own_code_cites_is_on_its_page(game):
    """§ numbers are per game: those in sim/games/<game>/ and kernels/<game>/ refer to its page."""
    page = RULES / f"{game}.md"
    have = anchors(page) if page.is_file() else set()
    missing = set()
    for folder in (ROOT / "sim" / "games" / game, ROOT / "kernels" / game):
        for f in folder.rglob("*.py") if folder.is_dir() else ():
            for number in CITED_SECTION.findall(f.read_text(encoding="utf-8")):
                if "s" + number.replace(".", "-") not in have:
                    missing.add(f"§{number} ({f.relative_to(ROOT)})")
    assert not missing, f"docs/rules/{game}.md lacks " + ", ".join(sorted(missing))


def test_links_between_rules_pages_resolve():
    broken = []
    for page in sorted(RULES.glob("*.md")):
        for target, anchor in re.findall(r"\]\(([\w-]+\.md)(?:#([\w-]+))?\)", page.read_text(encoding="utf-8")):
            path = RULES / target
            if not path.is_file() or (anchor and anchor not in anchors(path)):
                broken.append(f"{page.name} → {target}{'#' + anchor if anchor else ''}")
    assert not broken, broken


@pytest.mark.parametrize("game", SHIPPED)
def test_paiju_options_prints_words_in_one_aligned_column(game):
    from typer.testing import CliRunner

    from sim.cli import app

    res = CliRunner().invoke(app, ["options", game])
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()[1:]
    assert len(lines) == len(field_docs(load_game(game).rules))
    columns = {line.index("  play   ") if "  play   " in line else line.index("  scoring  ") for line in lines}
    assert len(columns) == 1, "the play/scoring column moves with the value's length"
    for line in lines:
        doc = re.split(r"  (?:play   |scoring)  ", line, maxsplit=1)[1]
        assert option_problem(doc) is None, line


def test_every_section_shared_code_cites_is_on_some_page():
    """Outside a game's own folders (a family's engine, analysis) a § names some game's section."""
    known = all_anchors()
    own = {ROOT / "sim" / "games" / g for g in SHIPPED} | {ROOT / "kernels" / g for g in SHIPPED}
    missing = set()
    for base in ("sim", "kernels", "analysis"):
        for f in (ROOT / base).rglob("*.py"):
            if any(folder in f.parents for folder in own):
                continue
            for number in CITED_SECTION.findall(f.read_text(encoding="utf-8")):
                if "s" + number.replace(".", "-") not in known:
                    missing.add(f"§{number} ({f.relative_to(ROOT)})")
    assert not missing, "no docs/rules page has " + ", ".join(sorted(missing))
