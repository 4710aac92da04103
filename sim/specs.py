"""Run specs from what a caller gives (``sim.api``, the CLI, reports): every refusal is made here,
before any work, in one line.

``census_spec`` and ``play_spec`` turn a game's name, ``-n``, seed, variant, rules, players and the
run's options into a ``sim.runner.RunSpec``; ``resolve_rules`` applies rules layers to a variant;
the ``check_*`` helpers refuse a wrong type of argument with the one line the CLI prints.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping, Sequence

from sim.errors import PaijuError

Rules = Any  # a mapping of options, a TOML path, a ruleset object, or a list of those
CENSUS_SHARD, PLAY_SHARD = 1_000_000, 200_000  # games per part file unless --shard-size says otherwise


def resolve_rules(game, variant: str, rules: Rules = None):
    """The ruleset of ``variant`` with ``rules`` applied: a mapping of options (nested tables or
    dotted keys, ``{"grade.da_qing": 6}``), the path of a TOML file, a ruleset object of the game,
    or a list of these applied in order. Validated; an unknown option is a one-line error."""
    from sim.registry import resolve_rules as from_variant, validate_naming_variants
    from sim.ruleset import apply_overrides, flatten, load_toml

    ruleset = from_variant(game, variant, None)
    applied = []
    for layer in rule_layers(rules):
        if isinstance(layer, (str, Path)):
            layer = load_toml(layer)
        elif isinstance(layer, game.rules):
            layer = flatten(layer)
        elif not isinstance(layer, Mapping):
            raise PaijuError(f"rules must be a mapping of options, a TOML path or a {game.rules.__name__}; "
                             f"got {type(layer).__name__}")
        ruleset = apply_overrides(ruleset, layer)
        applied.append(layer)
    validate_naming_variants(game, variant, ruleset, applied)
    return ruleset


def rule_layers(rules: Rules) -> list:
    """``rules`` as the list of its layers (one mapping, path or ruleset object is a list of one)."""
    if rules is None:
        return []
    return list(rules) if isinstance(rules, (list, tuple)) else [rules]


def census_spec(game: str, n: int, *, seed: int, variant: str = "default", rules: Rules = None,
                shard_size: int = CENSUS_SHARD, fix=None, hcp=None, shape=None):
    """The ``RunSpec`` of a ``census`` call (``sim.api.census`` says what each argument means),
    with every refusal made (nothing is run)."""
    from sim.registry import load_game
    from sim.runner import RunSpec

    check_n_seed(n, seed)
    if check_int(shard_size, "--shard-size") <= 0:
        raise PaijuError(f"--shard-size must be positive; got {shard_size}")
    g = load_game(game)
    job = g.job("census")
    ruleset = resolve_rules(g, variant, rules)
    job.validate(ruleset)
    options = _fix_options(g, ruleset, fix, hcp, shape)
    return RunSpec(g.name, "census", variant, ruleset, seed, n, min(shard_size, n), options)


def play_spec(game: str, n: int, *, seed: int, variant: str = "default", rules: Rules = None, policy=None,
              policy_params=None, rotate: bool = False, duplicate: bool = False, hands_per_session: int = 1,
              shard_size: int = PLAY_SHARD, fix=None, hcp=None, shape=None) -> Any:
    """The ``RunSpec`` of a ``play`` call (``sim.api.play`` says what each argument means), with
    every refusal made (nothing is run)."""
    from sim.players import parse_policies
    from sim.registry import load_game
    from sim.runner import RunSpec

    check_n_seed(n, seed)
    g = load_game(game)
    job = g.job("play")
    if check_int(hands_per_session, "--hands-per-session") < 1:
        raise PaijuError(f"--hands-per-session must be at least 1; got {hands_per_session}")
    if hands_per_session > 1 and not g.sessions:
        g.refuse("--hands-per-session (each of its game indices is played on its own: nothing is carried from one "
                 "to the next)")
    if duplicate and not g.duplicate:
        g.refuse("--duplicate")
    if duplicate and hands_per_session != 1:
        raise PaijuError("--duplicate plays single hands; it cannot be combined with --hands-per-session")
    if check_int(shard_size, "--shard-size") <= 0:
        raise PaijuError(f"--shard-size must be positive; got {shard_size}")
    ruleset = resolve_rules(g, variant, rules)
    job.validate(ruleset)
    seats = g.seats(ruleset)
    text = policy if isinstance(policy, str) or policy is None else ",".join(check_list(policy, "policy"))
    policies = parse_policies(text or g.players.default, g.players.names, seats)
    params = _policy_params(policy_params, g.players.params, seats)
    unit = seats if duplicate else hands_per_session  # shards hold whole sessions / whole duplicated deals
    shard = max(unit, (min(shard_size, n) // unit) * unit)
    options = {"policies": policies, "policy_params": params, "hands_per_session": hands_per_session,
               "rotate": rotate, "duplicate": duplicate}
    if (fix or hcp or shape) and duplicate:
        raise PaijuError("--fix, --hcp and --shape keep a hand at one seat; --duplicate moves every hand round the "
                         "table (use one)")
    options.update(_fix_options(g, ruleset, fix, hcp, shape))
    spec = RunSpec(g.name, "play", variant, ruleset, seed, n, shard, options)
    job.check(spec)  # the game's refusal of these options comes before a remark on -n
    if n % hands_per_session:
        raise PaijuError(f"-n ({n}) must be a whole number of sessions of {hands_per_session} hands")
    if duplicate and n % seats:
        raise PaijuError(f"with --duplicate, -n counts hands and must be a multiple of {seats} (one deal from each "
                         f"seat); got {n}")
    return spec


def _fix_options(game, ruleset, fix: Sequence[str] | None, hcp: Sequence[str] | None = None,
                 shape: Sequence[str] | None = None) -> dict[str, Any]:
    """``{"fix": {seat: [card names]}, "hcp": …, "shape": …}`` for a run's options (so
    ``_run.json`` keeps them), or ``{}``."""
    from sim.dealing import parse_given

    def listed(v):
        return [v] if isinstance(v, str) else v

    return parse_given(game, ruleset, listed(fix), listed(hcp), listed(shape))


def _policy_params(value: Any, known: tuple[str, ...], seats: int) -> list[dict[str, float]]:
    """Each seat's ``--policy-param`` values from a dict (every seat), one dict per seat, or CLI strings."""
    from sim.players import parse_policy_params

    if value is None:
        return [{} for _ in range(seats)]
    if isinstance(value, Mapping):
        value = [f"{k}={v}" for k, v in value.items()]
    value = check_list(value, "policy_params")
    if value and all(isinstance(v, Mapping) for v in value):
        if len(value) != seats:
            raise PaijuError(f"policy_params needs one dict per seat ({seats}); got {len(value)}")
        value = [f"{k}:{name}={v}" for k, d in enumerate(value) for name, v in d.items()]
    return parse_policy_params(list(value), known, seats)


def check_int(value: Any, name: str) -> int:
    """``value`` if it is a whole number (not a bool), else the one line saying what ``name`` needs."""
    import numbers

    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise PaijuError(f"{name} must be a whole number; got {value!r}")
    return int(value)


def check_path(value: Any, name: str) -> Path | None:
    """``value`` as a path (``None`` stays ``None``), or the one line saying ``name`` needs one."""
    if value is None:
        return None
    if not isinstance(value, (str, Path)):
        raise PaijuError(f"{name} must be a path (a str or pathlib.Path); got {type(value).__name__}")
    return Path(value)


def check_list(value: Any, name: str) -> list:
    """A list of ``value``'s items, or the one line saying ``name`` needs a list."""
    if isinstance(value, (str, bytes, Mapping)) or not hasattr(value, "__iter__"):
        raise PaijuError(f"{name} must be a list; got {type(value).__name__}")
    return list(value)


def check_n_seed(n: int, seed: int) -> None:
    """Refuse a ``-n`` that is not a positive whole number, or a seed outside 0 .. 2**63-1."""
    n, seed = check_int(n, "-n"), check_int(seed, "--seed")
    if n <= 0:
        raise PaijuError(f"-n must be a positive number of games; got {n}")
    if not 0 <= seed < 2**63:
        raise PaijuError(f"--seed must be between 0 and 2**63-1; got {seed}")
