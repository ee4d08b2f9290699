"""Who leads and what each side needs to reach the target."""

from __future__ import annotations

from scorekeeper.engine import Standing, standing


def test_a_lead_and_the_distance_to_the_target() -> None:
    assert standing([1035, 535], 5000) == Standing(leader=0, lead=500, to_target=(3965, 4465))


def test_the_distance_is_never_below_zero_and_counts_from_a_negative_total() -> None:
    assert standing([5200, -120], 5000).to_target == (0, 5120)


def test_a_shared_top_has_no_leader() -> None:
    assert standing([800, 800, 300], 5000) == Standing(leader=None, lead=0,
                                                       to_target=(4200, 4200, 4700))


def test_three_sides_lead_over_the_second() -> None:
    s = standing([300, 1200, 900], 5000)
    assert (s.leader, s.lead) == (1, 300)
