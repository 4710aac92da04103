"""Plots never show boxes for Chinese (issue 26 item 4): a CJK font when the system has one, else
pinyin or English; the 'money by player' plot shows players only."""

from __future__ import annotations

import matplotlib

from analysis import plot_text
from analysis.estimators import Stat
from analysis.plot_text import has_cjk, plain
from analysis.report import Report, Section


def test_plain_keeps_the_english_of_a_label_and_spells_the_rest_in_pinyin():
    assert plain("庄家 (banker)") == "banker"
    assert plain("仙桃千分") == "xiantaoqianfen"
    assert plain("牌局") == "paiju"
    assert plain("E[money | 庄家]") == "E[money | zhuangjia]"
    assert plain("庄家 (plays against every 闲家)") == "zhuangjia (plays against every xianjia)"
    assert plain("荒番、报到，明王") == "huangfan, baodao, mingwang"
    assert plain("seat 0 wins") == "seat 0 wins"


def _texts_drawn(monkeypatch):
    """Every text of every figure as it is saved (after ``readable``)."""
    seen: list[str] = []
    original = plot_text.readable

    def record(fig):
        original(fig)
        from matplotlib.text import Text

        seen.extend(t.get_text() for t in fig.findobj(Text) if t.get_text())

    monkeypatch.setattr(plot_text, "readable", record)
    return seen


def _bars():
    from analysis.plots import ValueCounts, money_figure, stat_bars

    s = Stat.proportion("P(庄家 wins)", 30, 100)
    stat_bars("x", "庄家 win rate", "caption", [("庄家 (banker)", s), ("闲家", s), ("暗对家 (partner)", s)],
              "P(庄家 wins)", log=False)
    vc = ValueCounts()
    vc.add([1.0, -1.0, 2.0])
    money_figure({"banker": vc, "partner": vc}, {"banker": "庄家", "partner": "暗对家"})


def test_without_a_cjk_font_no_plot_text_is_chinese(monkeypatch):
    monkeypatch.setattr(plot_text, "cjk_font", lambda: None)
    seen = _texts_drawn(monkeypatch)
    _bars()
    assert seen and not [t for t in seen if has_cjk(t)]
    assert "banker" in seen and "xianjia" in seen  # English where the label has it, else pinyin


def test_a_games_plots_have_no_chinese_without_a_cjk_font(monkeypatch, census_run):
    from sim.reports import figures
    from sim.reports import build_report
    from analysis.runs import open_run

    monkeypatch.setattr(plot_text, "cjk_font", lambda: None)
    seen = _texts_drawn(monkeypatch)
    run = open_run(census_run)
    assert figures(run, build_report(run))
    assert seen and not [t for t in seen if has_cjk(t)]


def test_with_a_cjk_font_it_is_used_and_the_chinese_kept(monkeypatch):
    monkeypatch.setattr(plot_text, "cjk_font", lambda: "Some CJK Sans")
    monkeypatch.setitem(matplotlib.rcParams, "font.sans-serif", list(matplotlib.rcParams["font.sans-serif"]))
    monkeypatch.setitem(matplotlib.rcParams, "font.family", list(matplotlib.rcParams["font.family"]))
    monkeypatch.setitem(matplotlib.rcParams, "axes.unicode_minus", matplotlib.rcParams["axes.unicode_minus"])
    assert plot_text.use_cjk_font()
    assert matplotlib.rcParams["font.sans-serif"][0] == "Some CJK Sans"
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    ax.set_title("庄家")
    plot_text.readable(fig)
    assert ax.get_title() == "庄家"
    plt.close(fig)


def test_money_by_player_plots_the_players_only_with_readable_labels(monkeypatch):
    from analysis.players import PLAYERS
    from analysis.plots import player_money, stat_bars

    players = [Stat("E[money | smart]", 1.0, 0.5, 1.5, None, None, 20, 0.2),
               Stat("E[money | greedy-with-long-name]", -1.0, -1.5, -0.5, None, None, 20, 0.2)]
    rep = Report("t", sections=[Section("Decisions", [Stat.mean("E[money | bid 3]", 1, 1, 2)]),
                                Section(PLAYERS, players)])
    items = player_money(rep)
    assert [name for name, _ in items] == ["smart", "greedy-with-long-name"]
    import matplotlib.pyplot as plt

    made = []
    monkeypatch.setattr(plt, "close", lambda fig: made.append(fig))
    stat_bars("money_by_player", "Money per hand by player", "c", items, "money", log=False)
    ax = made[0].axes[0]
    assert [t.get_rotation() for t in ax.get_xticklabels()] == [45.0, 45.0]  # long labels do not overlap
