"""Search scoring options for the settings that meet a designer's targets (``paiju tune``).

Every candidate setting is scored on the same stored hands (its raw facts rescored, nothing
replayed), so candidates differ only by the scoring, and every figure of every candidate has a
95% interval with the hand (game index) as the unit. Pure library: the caller (``sim.tuning``)
passes in a ``Model`` — the hands' columns and the game's scoring as plain callables.

* ``--vary KEY=LO..HI[:STEP]`` or ``KEY=v1,v2,…`` (``parse_vary``) spans the space; goals are
  ``--target A=B``, ``--constraint A<=B`` / ``A>=B``, ``--minimise E`` / ``--maximise E``
  (``parse_goal``) over the figures named in ``VOCABULARY``.
* Search (``search``): a grid when the space has at most ``budget`` points; one numeric option
  against one target: a scan, then root finding in the bracket where the target is crossed
  (``scipy.optimize.brentq`` for a real option, bisection for an integer one); otherwise a
  seeded quasi-random (Halton) sample of ``budget`` points.
* Each figure is a ratio of per-hand sums; an expression of figures carries its linearisation
  per hand (delta method, ``Est``), which gives its interval and the paired interval of the
  difference of two candidates on the same hands.
* The winner's curse is measured: the search sees only the first half of the hands
  (``holdout``); the chosen setting is rescored on the other half (and on a fresh run where the
  caller gives one). A target that no searched setting meets within its interval, or
  constraints that none satisfies, make the answer ``INFEASIBLE`` — never a silent best effort.

The answer's report and plots are ``analysis.tune_report``.
"""

from __future__ import annotations

import ast
import difflib
import itertools
import math
import tomllib
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

import numpy as np

from analysis.estimators import Z95

VOCABULARY = (
    "money.ROLE / money.seatK: mean money per hand of a role's seat / of seat K; "
    "share.COMPONENT: share of money moved by a scoring component; sd: SD of a seat's money per hand; "
    "moved: money moved per hand (Σ|money|/2); tail(X): P(some seat wins or pays more than X in a hand); "
    "\"METRIC\": a headline figure by its name (quoted); numbers, + - * /, abs()"
)
GRID_MAX = 200  # default budget: candidates scored in one search
SCAN_POINTS = 9  # first scan of a one-option root search


class TuneError(ValueError):
    """A mistake in a --vary or goal (one line); ``sim.tuning`` turns it into a ``PaijuError``."""


def _suggest(word: str, known: Sequence[str]) -> str:
    close = difflib.get_close_matches(word, list(known), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


# --- the option space ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Vary:
    """One option varied: explicit ``values``, or a real range ``lo..hi`` searched continuously."""

    key: str
    values: tuple = ()
    lo: float | None = None
    hi: float | None = None

    @property
    def continuous(self) -> bool:
        return not self.values

    @property
    def numeric(self) -> bool:
        return self.continuous or all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in self.values)

    def points(self, k: int) -> list:
        """``k`` points spanning the option (all values when it has at most ``k``)."""
        if self.continuous:
            return [float(x) for x in np.linspace(self.lo, self.hi, k)]
        if len(self.values) <= k:
            return list(self.values)
        idx = np.unique(np.round(np.linspace(0, len(self.values) - 1, k)).astype(int))
        return [self.values[i] for i in idx]

    def at(self, u: float) -> Any:
        """The point at ``u`` in [0, 1) (a quasi-random coordinate)."""
        if self.continuous:
            return float(self.lo + u * (self.hi - self.lo))
        return self.values[min(int(u * len(self.values)), len(self.values) - 1)]

    def describe(self) -> str:
        if self.continuous:
            return f"{self.key} in [{self.lo:g}, {self.hi:g}]"
        if len(self.values) > 6:
            return f"{self.key} in {self.values[0]!r}..{self.values[-1]!r} ({len(self.values)} values)"
        return f"{self.key} in {{{', '.join(map(repr, self.values))}}}"


def _value(raw: str) -> Any:
    raw = raw.strip()
    try:
        return tomllib.loads(f"v = {raw}")["v"]
    except tomllib.TOMLDecodeError:
        return raw  # a bare word: a string choice


MAX_VALUES = 100_000


def parse_vary(text: str, kinds: Mapping[str, str], check: Callable[[str, Any], Any] = lambda k, v: v) -> Vary:
    """``KEY=LO..HI[:STEP]`` or ``KEY=v1,v2,…`` as a ``Vary``. ``kinds`` maps every option that may
    be varied to ``"int"``, ``"float"`` or ``"other"``; ``check(key, value)`` returns the value in the
    option's type or raises (the caller's one-line error)."""
    if "=" not in text:
        raise TuneError(f"--vary expects KEY=LO..HI[:STEP] or KEY=v1,v2,…; got {text!r}")
    key, spec = (s.strip() for s in text.split("=", 1))
    if key not in kinds:
        raise TuneError(f"--vary: {key!r} is not an option that can be varied{_suggest(key, kinds)} "
                        f"(options: {', '.join(sorted(kinds))})")
    kind = kinds[key]
    if ".." in spec:
        if kind == "other":
            raise TuneError(f"--vary {key}: a range needs a numeric option; list the values instead ({key}=a,b)")
        rng, _, step_text = spec.partition(":")
        lo_text, _, hi_text = rng.partition("..")
        try:
            lo, hi = float(lo_text), float(hi_text)
            step = float(step_text) if step_text else (1.0 if kind == "int" else None)
        except ValueError:
            raise TuneError(f"--vary {key}: expected LO..HI[:STEP] with numbers; got {spec!r}") from None
        if not (math.isfinite(lo) and math.isfinite(hi)) or hi <= lo:
            raise TuneError(f"--vary {key}: the range must have LO < HI; got {spec!r}")
        if step is not None and step <= 0:
            raise TuneError(f"--vary {key}: STEP must be positive; got {step_text!r}")
        if kind == "int" and (lo != int(lo) or hi != int(hi) or step != int(step)):
            raise TuneError(f"--vary {key}: {key} is an integer option; LO, HI and STEP must be integers")
        if step is None:
            return Vary(key, lo=lo, hi=hi)
        count = int(math.floor((hi - lo) / step + 1e-9)) + 1
        if count > MAX_VALUES:
            raise TuneError(f"--vary {key}: {count:,} values is too many (at most {MAX_VALUES:,}); use a larger STEP")
        values = [lo + i * step for i in range(count)]
        values = [int(round(v)) for v in values] if kind == "int" else [round(v, 12) for v in values]
        return Vary(key, tuple(check(key, v) for v in values))
    raws = [s for s in spec.split(",") if s.strip()]
    if not raws:
        raise TuneError(f"--vary {key}: no values given")
    values = tuple(dict.fromkeys(check(key, _value(s)) for s in raws))
    return Vary(key, values)


# --- figures and expressions --------------------------------------------------------------------


@dataclass(frozen=True)
class Est:
    """An estimate with its linearisation over the hands (delta method): ``value`` and ``lin[u]``,
    the part hand ``u`` contributes to its error, so Var ≈ U/(U-1) · Σ lin²."""

    value: float
    lin: np.ndarray
    n: int | None = None  # hands it applies to (CONSTANT: a number; None: figures over different hands)

    @property
    def se(self) -> float:
        u = self.lin.size
        return math.sqrt(float(self.lin @ self.lin) * u / (u - 1)) if u > 1 else math.inf

    @property
    def ci(self) -> tuple[float, float]:
        return self.value - Z95 * self.se, self.value + Z95 * self.se

    def _lift(self, other) -> "Est":
        return other if isinstance(other, Est) else Est(float(other), np.zeros_like(self.lin), CONSTANT)

    def __add__(self, o):
        o = self._lift(o)
        return Est(self.value + o.value, self.lin + o.lin, _n(self, o))

    __radd__ = __add__

    def __neg__(self):
        return Est(-self.value, -self.lin, self.n)

    def __sub__(self, o):
        return self + (-self._lift(o))

    def __rsub__(self, o):
        return self._lift(o) - self

    def __mul__(self, o):
        o = self._lift(o)
        return Est(self.value * o.value, self.value * o.lin + o.value * self.lin, _n(self, o))

    __rmul__ = __mul__

    def __truediv__(self, o):
        o = self._lift(o)
        if o.value == 0:
            return Est(math.nan, np.full_like(self.lin, np.nan))
        r = self.value / o.value
        return Est(r, (self.lin - r * o.lin) / o.value, _n(self, o))

    def __rtruediv__(self, o):
        return self._lift(o) / self

    def __abs__(self):
        return Est(abs(self.value), math.copysign(1.0, self.value) * self.lin, self.n)

    def sqrt(self) -> "Est":
        r = math.sqrt(max(self.value, 0.0))
        return Est(r, self.lin / (2 * r) if r > 0 else np.zeros_like(self.lin), self.n)


CONSTANT = -1  # Est.n of a number in an expression


def _n(a: "Est", b: "Est") -> int | None:
    """The hands a combination applies to: a number takes the other side's; two figures keep
    theirs when they agree (None: figures over different hands)."""
    if a.n == CONSTANT:
        return b.n
    if b.n == CONSTANT:
        return a.n
    return a.n if a.n == b.n else None


@dataclass(frozen=True)
class Ref:
    """A figure named in an expression: ``("money", "seat0")``, ``("tail", 100.0)``, ``("metric", name)``."""

    kind: str
    arg: Any = None

    def __str__(self) -> str:
        if self.kind in ("money", "share"):
            return f"{self.kind}.{self.arg}"
        if self.kind == "tail":
            return f"tail({self.arg:g})"
        if self.kind == "metric":
            return f'"{self.arg}"'
        return self.kind


@dataclass(frozen=True)
class Names:
    """What expressions may name in a game: its roles, seats, components and headline metrics."""

    roles: tuple[str, ...]
    n_seats: int
    components: tuple[str, ...]
    metrics: tuple[str, ...]

    def money(self) -> list[str]:
        return list(self.roles) + [f"seat{k}" for k in range(self.n_seats)]


_OPS = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
        ast.Div: lambda a, b: a / b}


@dataclass(frozen=True)
class Expr:
    """An arithmetic expression over figures, checked against a game's ``Names``."""

    text: str
    tree: ast.AST
    refs: tuple[Ref, ...]

    def __call__(self, fig: Callable[[Ref], Est]):
        return _eval(self.tree, fig)

    def __str__(self) -> str:
        return self.text


def _ref(node: ast.AST, names: Names | None, text: str) -> Ref | None:
    """The figure ``node`` names (None: not a figure); checked against ``names`` unless None."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in ("money", "share"):
        kind, arg = node.value.id, node.attr
        known = [] if names is None else names.money() if kind == "money" else list(names.components)
        if names is not None and arg not in known:
            raise TuneError(f"{text!r}: {kind}.{arg} is not a figure of this game{_suggest(arg, known)}; "
                            f"{kind}.X for X in: {', '.join(known)}")
        return Ref(kind, arg)
    if isinstance(node, ast.Name) and node.id in ("sd", "moved"):
        return Ref(node.id)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "tail":
        if len(node.args) != 1 or not isinstance(node.args[0], ast.Constant) or \
                not isinstance(node.args[0].value, (int, float)):
            raise TuneError(f"{text!r}: tail() takes one number (the money per hand), e.g. tail(100)")
        return Ref("tail", float(node.args[0].value))
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        if names is not None and node.value not in names.metrics:
            raise TuneError(f"{text!r}: {node.value!r} is not a headline figure of this game"
                            f"{_suggest(node.value, names.metrics)} (figures: "
                            f"{'; '.join(names.metrics) or 'none declared'})")
        return Ref("metric", node.value)
    return None


def _check(node: ast.AST, names: Names, text: str, refs: list[Ref]) -> None:
    ref = _ref(node, names, text)
    if ref is not None:
        refs.append(ref)
        return
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        return
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        _check(node.left, names, text, refs)
        _check(node.right, names, text, refs)
        return
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        _check(node.operand, names, text, refs)
        return
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "abs" and len(node.args) == 1:
        _check(node.args[0], names, text, refs)
        return
    bad = ast.unparse(node)
    hint = ""
    if isinstance(node, ast.Name):
        hint = _suggest(node.id, ["money", "share", "sd", "moved", "tail"])
    elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        hint = _suggest(node.value.id, ["money", "share"])
    raise TuneError(f"{text!r}: cannot read {bad!r}{hint}; an expression names figures — {VOCABULARY}")


def _eval(node: ast.AST, fig):
    if isinstance(node, ast.Expression):
        return _eval(node.body, fig)
    if isinstance(node, ast.Constant) and not isinstance(node.value, str):
        return float(node.value)
    if isinstance(node, ast.BinOp):
        return _OPS[type(node.op)](_eval(node.left, fig), _eval(node.right, fig))
    if isinstance(node, ast.UnaryOp):
        v = _eval(node.operand, fig)
        return -v if isinstance(node.op, ast.USub) else v
    if isinstance(node, ast.Call) and node.func.id == "abs":
        return abs(_eval(node.args[0], fig))
    return fig(_ref(node, None, ""))


def parse_expr(text: str, names: Names) -> Expr:
    """An expression over figures (``money.seat0 - 1``, ``share.f_bombs``, ``"P(春天)"``)."""
    src = text.strip()
    if not src:
        raise TuneError("an empty expression; name a figure: " + VOCABULARY)
    try:
        tree = ast.parse(src, mode="eval")
    except SyntaxError:
        raise TuneError(f"cannot read the expression {src!r}: {VOCABULARY}") from None
    refs: list[Ref] = []
    _check(tree.body, names, src, refs)
    return Expr(src, tree, tuple(dict.fromkeys(refs)))


# --- goals --------------------------------------------------------------------------------------

GOAL_KINDS = ("target", "constraint", "minimise", "maximise")


@dataclass(frozen=True)
class Goal:
    """``target`` ``lhs = rhs``, ``constraint`` ``lhs <= rhs`` / ``>=``, or ``minimise``/``maximise`` lhs."""

    kind: str
    lhs: Expr
    op: str = ""
    rhs: Expr | None = None

    @property
    def text(self) -> str:
        if self.rhs is None:
            return f"{self.kind} {self.lhs}"
        return f"{self.lhs} {self.op} {self.rhs}"

    def gap(self, fig) -> Est | float:
        """lhs − rhs (targets and constraints) or the expression (minimise/maximise)."""
        v = self.lhs(fig)
        return v if self.rhs is None else v - self.rhs(fig)

    def holds(self, gap: float) -> bool:
        return gap <= 0 if self.op == "<=" else gap >= 0 if self.op == ">=" else True


def parse_goal(text: str, kind: str, names: Names) -> Goal:
    """A goal from its option's text: ``--target 'money.seat0=0'``, ``--constraint 'share.f_bombs<=0.3'``,
    ``--minimise sd``."""
    if kind not in GOAL_KINDS:
        raise ValueError(kind)
    if kind in ("minimise", "maximise"):
        if any(op in text for op in ("<=", ">=", "=")) and "==" not in text:
            raise TuneError(f"--{kind} takes an expression, not a comparison; got {text!r} (use --target/--constraint)")
        return Goal(kind, parse_expr(text, names))
    inequality = "<=" in text or ">=" in text or "<" in text or ">" in text
    ops = ("<=", ">=") if kind == "constraint" else () if inequality else ("==", "=")
    for op in ops:
        if op in text:
            lhs, rhs = text.split(op, 1)
            if any(o in lhs + rhs for o in ("<=", ">=", "=")):
                raise TuneError(f"--{kind} takes one comparison; got {text!r}")
            return Goal(kind, parse_expr(lhs, names), "<=" if op == "<=" else ">=" if op == ">=" else "=",
                        parse_expr(rhs, names))
    want = "A<=B or A>=B" if kind == "constraint" else "A=B"
    other = " (a constraint is --constraint)" if kind == "target" and ("<" in text or ">" in text) else \
        " (a target is --target A=B)" if kind == "constraint" and "=" in text else ""
    raise TuneError(f"--{kind} expects {want}; got {text!r}{other}")


# --- the hands and the model --------------------------------------------------------------------


@dataclass(frozen=True)
class Model:
    """A run's hands and its game's scoring, as the tuner needs them (built by ``sim.tune``).

    ``columns``: the stored raw facts the scoring reads, one row per stored row; ``unit``: each
    row's game index (the rows of one game index are one hand for the intervals); ``roles(columns)
    → (n, n_seats)`` role codes (-1: none); ``score(columns, settings) → (money (n, n_seats),
    components {name: (n, n_seats)} or a function returning them when first needed, scored
    columns)``; ``metrics``: name → per-row value (NaN
    where it does not apply) from ``metric_columns`` (stored columns as they read them) updated
    with the candidate's scored columns; ``group``: consecutive game indices that one deal
    spans (``--duplicate``: the seat count), kept on one side of the held-out split.
    """

    columns: Mapping[str, np.ndarray]
    unit: np.ndarray
    names: Names
    roles: Callable[[Mapping[str, np.ndarray]], np.ndarray]
    score: Callable[[Mapping[str, np.ndarray], Mapping[str, Any]], tuple]
    metrics: Mapping[str, Callable[[Mapping[str, np.ndarray]], np.ndarray]] = field(default_factory=dict)
    metric_columns: Mapping[str, np.ndarray] = field(default_factory=dict)
    group: int = 1  # game indices that belong together (a duplicate deal played from every seat)

    @property
    def n_rows(self) -> int:
        return int(self.unit.size)

    def split(self) -> tuple["Sample", "Sample"]:
        """(first half of the game indices, second half): the search's hands and the held-out ones.
        The cut is a multiple of ``group``, so the rotations of a duplicate deal (consecutive game
        indices) stay on one side."""
        idx = np.unique(self.unit)
        cut = idx[len(idx) // 2] if len(idx) > 1 else idx[-1] + 1
        if cut - cut % self.group > idx[0]:
            cut -= cut % self.group
        return self.sample(self.unit < cut, "first half"), self.sample(self.unit >= cut, "second half")

    def sample(self, mask: np.ndarray | None = None, label: str = "all hands") -> "Sample":
        def pick(cols):
            return dict(cols) if mask is None else {k: np.asarray(v)[mask] for k, v in cols.items()}

        unit = self.unit if mask is None else self.unit[mask]
        return Sample(self, pick(self.columns), pick(self.metric_columns), unit, label)


class Sample:
    """Some of a model's hands, with what does not depend on the scoring computed once."""

    def __init__(self, model: Model, columns: dict, metric_columns: dict, unit: np.ndarray, label: str):
        self.model, self.columns, self.metric_columns, self.label = model, columns, metric_columns, label
        uniq, inverse = np.unique(unit, return_inverse=True)
        self.n_units = int(uniq.size)
        self.inverse = None if uniq.size == unit.size else inverse
        self.role_codes = model.roles(columns) if unit.size else np.zeros((0, model.names.n_seats), int)

    @property
    def n_rows(self) -> int:
        return next(iter(self.columns.values())).shape[0] if self.columns else 0

    def per_unit(self, x: np.ndarray) -> np.ndarray:
        x = np.asarray(x, np.float64)
        return x if self.inverse is None else np.bincount(self.inverse, x, self.n_units)

    def ratio(self, a: np.ndarray, b: np.ndarray) -> Est:
        """Σa/Σb with the hand (game index) as the unit."""
        au, bu = self.per_unit(a), self.per_unit(b)
        sb = float(bu.sum())
        if sb == 0:
            return Est(math.nan, np.full(self.n_units, np.nan))
        r = float(au.sum()) / sb
        return Est(r, (au - r * bu) / sb, int(np.count_nonzero(bu)))

    def evaluate(self, settings: Mapping[str, Any]) -> "Scored":
        money, comps, scored = self.model.score(self.columns, settings)
        return Scored(self, np.asarray(money, np.float64), comps, scored)


class Scored:
    """One candidate's scoring of a sample: its figures, computed when first asked for."""

    def __init__(self, sample: Sample, money: np.ndarray, comps, scored: Mapping):
        self.sample, self.money, self._comps, self.scored = sample, money, comps, scored
        self.cache: dict[Ref, Est] = {}

    @property
    def comps(self) -> Mapping:
        """The components (computed on first use: only a ``share`` figure needs them)."""
        if callable(self._comps):
            self._comps = self._comps()
        return self._comps

    def __call__(self, ref: Ref) -> Est:
        if ref not in self.cache:
            self.cache[ref] = self._figure(ref)
        return self.cache[ref]

    def _figure(self, ref: Ref) -> Est:
        s, money = self.sample, self.money
        rows = np.ones(money.shape[0])
        if ref.kind == "money":
            names = s.model.names
            if ref.arg in names.roles:
                sel = s.role_codes == names.roles.index(ref.arg)
                return s.ratio(np.where(sel, money, 0.0).sum(axis=1), sel.sum(axis=1))
            return s.ratio(money[:, int(ref.arg[4:])], rows)
        if ref.kind == "share":
            moved = {c: np.abs(np.asarray(v, np.float64)).sum(axis=1) / 2 for c, v in self.comps.items()}
            return s.ratio(moved[ref.arg], sum(moved.values()))
        if ref.kind == "sd":
            k = money.shape[1]
            m1 = s.ratio(money.sum(axis=1), rows * k)
            m2 = s.ratio((money * money).sum(axis=1), rows * k)
            return (m2 - m1 * m1).sqrt()
        if ref.kind == "moved":
            return s.ratio(np.abs(money).sum(axis=1) / 2, rows)
        if ref.kind == "tail":
            return s.ratio((np.abs(money).max(axis=1, initial=0.0) > ref.arg).astype(np.float64), rows)
        if ref.kind == "metric":
            cols = dict(s.metric_columns)
            cols.update(self.scored)
            v = np.asarray(s.model.metrics[ref.arg](cols), np.float64)
            ok = ~np.isnan(v)
            return s.ratio(np.where(ok, v, 0.0), ok.astype(np.float64))
        raise ValueError(ref)


# --- candidates and the search ------------------------------------------------------------------


@dataclass
class Candidate:
    """One setting scored on the search's hands: each goal's lhs and gap, feasibility, objective."""

    settings: dict
    lhs: list[Est]
    gaps: list[Est]
    feasible: bool
    objective: Est | None

    def label(self) -> str:
        return ", ".join(f"{k}={v!r}" if isinstance(v, str) else f"{k}={v:g}" if isinstance(v, float) else f"{k}={v}"
                         for k, v in self.settings.items())


def _as_est(x, n: int) -> Est:
    return x if isinstance(x, Est) else Est(float(x), np.zeros(n), CONSTANT)


def score_candidate(sample: Sample, settings: Mapping[str, Any], goals: Sequence[Goal]) -> Candidate:
    sc = sample.evaluate(settings)
    lhs = [_as_est(g.lhs(sc), sample.n_units) for g in goals]
    gaps = [_as_est(g.gap(sc), sample.n_units) for g in goals]
    feasible = all(g.holds(d.value) for g, d in zip(goals, gaps) if g.kind == "constraint")
    obj = None
    for g, d in zip(goals, gaps):
        term = d * d if g.kind == "target" else d if g.kind == "minimise" else -d if g.kind == "maximise" else None
        if term is not None:
            obj = term if obj is None else obj + term
    if obj is not None and (math.isnan(obj.value)):
        feasible = False
    return Candidate(dict(settings), lhs, gaps, feasible, obj)


@dataclass
class Search:
    """What a search did and found (on the search's hands)."""

    method: str
    candidates: list[Candidate]
    bracket: tuple | None = None  # root search: the two settings the target's crossing lies between

    def ranked(self) -> list[Candidate]:
        ok = [c for c in self.candidates if c.feasible]
        return sorted(ok, key=lambda c: (c.objective.value if c.objective is not None else 0.0))


def _key(settings: Mapping) -> tuple:
    return tuple(sorted(settings.items()))


def search(sample: Sample, varies: Sequence[Vary], goals: Sequence[Goal], base: Mapping[str, Any],
           budget: int = GRID_MAX, seed: int = 0) -> Search:
    """Score candidates on ``sample`` (``base``: the run's own values of the varied options, scored too
    where they lie in the space) and return them all."""
    seen: dict[tuple, Candidate] = {}

    def run(settings: Mapping) -> Candidate:
        k = _key(settings)
        if k not in seen:
            seen[k] = score_candidate(sample, settings, goals)
        return seen[k]

    targets = [g for g in goals if g.kind == "target"]
    size = math.prod(len(v.values) for v in varies) if not any(v.continuous for v in varies) else math.inf
    bracket = None
    if size <= budget:
        method = f"grid of {size} setting(s)"
        for combo in itertools.product(*(v.values for v in varies)):
            run(dict(zip((v.key for v in varies), combo)))
    elif len(varies) == 1 and varies[0].numeric and len(targets) == 1 and len(goals) == 1:
        method, bracket = _root(varies[0], goals[0], run, budget)
    else:
        from scipy.stats import qmc

        method = f"quasi-random search (Halton, seed {seed}) of {budget} settings"
        pts = qmc.Halton(d=len(varies), seed=seed).random(budget)
        for u in pts:
            run({v.key: v.at(x) for v, x in zip(varies, u)})
    inside = all(_inside(v, base.get(v.key)) for v in varies)
    if inside:
        run({v.key: base[v.key] for v in varies})
    return Search(method, list(seen.values()), bracket)


def _inside(v: Vary, x) -> bool:
    if x is None:
        return False
    if v.continuous:
        return isinstance(x, (int, float)) and v.lo <= x <= v.hi
    return x in v.values


def _root(v: Vary, goal: Goal, run, budget: int):
    """Scan the option, then find where the target is crossed: brentq for a real range, bisection
    over the values for a listed one. Returns (method, bracket or None)."""
    scan = v.points(min(SCAN_POINTS, max(2, budget // 2)))
    gaps = [run({v.key: x}).gaps[0].value for x in scan]
    pairs = [(a, b, ga, gb) for a, b, ga, gb in zip(scan, scan[1:], gaps, gaps[1:])
             if not (math.isnan(ga) or math.isnan(gb)) and (ga == 0 or ga * gb < 0)]
    if not pairs:
        return f"scan of {len(scan)} settings (the target is not crossed in the range)", None
    a, b, ga, gb = min(pairs, key=lambda p: min(abs(p[2]), abs(p[3])))
    if ga == 0:
        return f"scan of {len(scan)} settings (exact hit)", (a, a)
    if v.continuous:
        from scipy.optimize import brentq

        calls = [0]

        def f(x):
            calls[0] += 1
            return run({v.key: float(x)}).gaps[0].value

        x = brentq(f, a, b, xtol=1e-9 * max(1.0, abs(b - a)), rtol=1e-10, maxiter=max(10, budget - len(scan)))
        run({v.key: float(x)})
        return f"scan of {len(scan)} settings, then brentq ({calls[0]} more)", (a, b)
    i, j = v.values.index(a), v.values.index(b)
    steps = 0
    while j - i > 1:
        m = (i + j) // 2
        gm = run({v.key: v.values[m]}).gaps[0].value
        steps += 1
        if gm == 0:
            return f"scan of {len(scan)} settings, then bisection ({steps} more; exact hit)", (v.values[m],) * 2
        if (gm < 0) == (ga < 0):
            i = m
        else:
            j = m
    return f"scan of {len(scan)} settings, then bisection ({steps} more)", (v.values[i], v.values[j])


# --- the answer ---------------------------------------------------------------------------------


@dataclass
class Check:
    """The chosen setting rescored on other hands: each goal's lhs and gap there."""

    label: str
    n_units: int
    lhs: list[Est]
    gaps: list[Est]


@dataclass
class Result:
    """The tuner's answer (``tune``)."""

    varies: list[Vary]
    goals: list[Goal]
    search: Search
    search_label: str
    n_search: int
    best: Candidate | None
    runner_up: Candidate | None
    checks: list[Check]
    problems: list[str]  # why the answer is infeasible (empty: feasible)
    base: dict

    @property
    def feasible(self) -> bool:
        return not self.problems

    def separation(self) -> list[tuple[Est, float]]:
        """Per goal: the paired difference best − runner-up of its lhs on the search's hands, and the
        hands needed for its 95% interval to exclude 0: (1.96·SD_per_hand / |Δ|)²."""
        out = []
        if self.best is None or self.runner_up is None:
            return out
        for a, b in zip(self.best.lhs, self.runner_up.lhs):
            d = a - b
            u = d.lin.size
            sd = math.sqrt(float(d.lin @ d.lin) * u * u / max(u - 1, 1))
            out.append((d, math.inf if d.value == 0 else (Z95 * sd / abs(d.value)) ** 2))
        return out


def met(goal: Goal, gap: Est) -> bool:
    """A target is met when 0 lies in the 95% CI of lhs − rhs; a constraint when its estimate holds."""
    lo, hi = gap.ci
    if goal.kind == "target":
        return lo <= 0 <= hi
    return goal.holds(gap.value)


def tune(model: Model, varies: Sequence[Vary], goals: Sequence[Goal], *, base: Mapping[str, Any] | None = None,
         budget: int = GRID_MAX, seed: int = 0, holdout: bool = True,
         confirm: Sequence[tuple[str, Model]] = ()) -> Result:
    """Search the settings of ``varies`` for ``goals`` on ``model``'s hands (the first half with
    ``holdout``, the second half then checks the answer), and check the answer on each model of
    ``confirm`` (e.g. a fresh run with another seed)."""
    if not varies:
        raise TuneError("give at least one --vary KEY=…")
    if not goals:
        raise TuneError("give at least one goal: --target, --constraint, --minimise or --maximise")
    if sum(g.kind in ("minimise", "maximise") for g in goals) > 1:
        raise TuneError("give at most one --minimise / --maximise")
    if any(g.kind in ("minimise", "maximise") for g in goals) and any(g.kind == "target" for g in goals):
        raise TuneError("--minimise/--maximise and --target cannot be combined; state the target as a constraint")
    keys = [v.key for v in varies]
    dup = sorted({k for k in keys if keys.count(k) > 1})
    if dup:
        raise TuneError(f"--vary {dup[0]} is given twice")
    if budget < 2:
        raise TuneError(f"--budget must be at least 2; got {budget}")
    if holdout and len(np.unique(model.unit)) < 4:
        raise TuneError("a held-out check needs at least 4 hands; play more hands or turn the hold-out off")
    base = dict(base or {})
    search_sample, held = model.split() if holdout else (model.sample(), None)
    found = search(search_sample, varies, goals, base, budget, seed)
    ranked = found.ranked()
    best = ranked[0] if ranked else None
    runner = ranked[1] if len(ranked) > 1 else None
    problems: list[str] = []
    if best is None:
        closest = min(found.candidates, key=lambda c: sum(max(0.0, d.value if g.op == "<=" else -d.value)
                                                          for g, d in zip(goals, c.gaps) if g.kind == "constraint"))
        broken = [g.text for g, d in zip(goals, closest.gaps) if g.kind == "constraint" and not g.holds(d.value)]
        problems.append(f"no searched setting satisfies the constraints (closest: {closest.label()}, "
                        f"which breaks {'; '.join(broken)})")
    else:
        for g, d in zip(goals, best.gaps):
            if g.kind == "target" and not met(g, d):
                lo, hi = d.ci
                where = ""
                if found.bracket and found.bracket[0] != found.bracket[1]:
                    where = f"; it is crossed between {varies[0].key}={found.bracket[0]} and {found.bracket[1]}"
                problems.append(f"target {g.text} is not met within its 95% interval by any searched setting "
                                f"(best {best.label()}: lhs − rhs = {d.value:.4g} [{lo:.4g}, {hi:.4g}]{where})")
    checks = []
    if best is not None:
        for label, sample in ([(f"held out ({held.label} of the hands)", held)] if held is not None else []) + \
                             [(lab, m.sample()) for lab, m in confirm]:
            c = score_candidate(sample, best.settings, goals)
            checks.append(Check(label, sample.n_units, c.lhs, c.gaps))
    return Result(list(varies), list(goals), found, search_sample.label, search_sample.n_units, best, runner,
                  checks, problems, base)
