"""Rulesets of 八十分 and 红五 as data: every spec option present, variants valid, one-line errors,
compiled arrays as the kernels read them."""

import dataclasses

import pytest

from kernels.hongwu import codes as HC
from kernels.tractor import codes as TC
from sim.errors import UserError
from sim.games.hongwu import rules as hongwu
from sim.games.tractor import rules as tractor
from sim.ruleset import apply_overrides, field_info

SPEC_OPTIONS = {
    tractor: {"must_follow_structure", "allow_override", "no_declaration", "tractor_adjacency", "kitty_multiplier",
              "failed_throw", "next_dealer"},
    hongwu: {"teams", "no_declaration", "must_follow_structure", "kitty_multiplier", "hongwu_bonus_per_card"},
}
RULES = {tractor: tractor.TractorRules, hongwu: hongwu.HongwuRules}


@pytest.mark.parametrize("mod", [tractor, hongwu], ids=["tractor", "hongwu"])
def test_every_spec_option_is_a_documented_field(mod):
    info = field_info(RULES[mod])
    assert SPEC_OPTIONS[mod] <= set(info)
    for f in dataclasses.fields(RULES[mod]):
        if not dataclasses.is_dataclass(f.type) and f.name != "levels" and f.name != "bands":
            assert f.metadata.get("doc"), f.name


@pytest.mark.parametrize("mod", [tractor, hongwu], ids=["tractor", "hongwu"])
def test_variants_apply_validate_and_compile(mod):
    assert "default" in mod.VARIANTS
    for name, variant in mod.VARIANTS.items():
        doc, overrides = variant.doc, variant.overrides
        assert doc
        rules = apply_overrides(RULES[mod](), overrides)
        mod.validate(rules)
        arr = mod.compile_rules(rules)["rules"]
        assert arr.dtype.kind == "i"


def test_tractor_compiled_codes():
    r = apply_overrides(tractor.TractorRules(), {"must_follow_structure": True, "no_declaration": "redeal",
                                                 "next_dealer": "rotation_80p", "failed_throw": "penalty_only",
                                                 "levels": {"threshold": 70}})
    a = tractor.compile_rules(r)["rules"]
    assert a[TC.R_MUST_FOLLOW] == 1 and a[TC.R_NO_DECLARATION] == TC.NO_DECL_REDEAL
    assert a[TC.R_NEXT_DEALER] == TC.NEXT_ROTATION_80P and a[TC.R_FAILED_THROW] == TC.FAILED_PENALTY_ONLY
    assert a[TC.R_THRESHOLD] == 70 and a[TC.R_ALLOW_OVERRIDE] == 1 and a[TC.R_ALLOW_THROW] == 1


def test_hongwu_compiled_codes():
    a = hongwu.compile_rules(apply_overrides(hongwu.HongwuRules(), {"teams": "one_vs_three",
                                                                    "no_declaration": "flip_kitty"}))["rules"]
    assert a[HC.R_TEAMS] == HC.TEAMS_ONE_VS_THREE and a[HC.R_NO_DECLARATION] == HC.NO_DECL_FLIP_KITTY


@pytest.mark.parametrize("mod, overrides", [
    (tractor, {"levels": {"step": 0}}),
    (tractor, {"levels": {"small_below": 90}}),
    (tractor, {"stake_per_level": -1}),
    (hongwu, {"base": 0}),
    (hongwu, {"bands": {"width": 0}}),
    (hongwu, {"hongwu_bonus_per_card": -2}),
])
def test_validate_refuses_in_one_line(mod, overrides):
    with pytest.raises(UserError) as e:
        mod.validate(apply_overrides(RULES[mod](), overrides))
    assert "\n" not in str(e.value)


def test_scoring_options_are_marked():
    t = field_info(tractor.TractorRules)
    assert t["kitty_multiplier"][1] and t["levels.threshold"][1] and t["stake_per_level"][1]
    assert not t["must_follow_structure"][1] and not t["next_dealer"][1]
    h = field_info(hongwu.HongwuRules)
    assert h["bands.band7"][1] and h["base"][1] and h["hongwu_bonus_per_card"][1] and not h["teams"][1]
