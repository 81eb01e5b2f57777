"""A one-page memo tried as a user would (seventeenth session): revenue by quarter that adds up
to the stated ARR was taken as the use of the money raised (Q1 15 %, Q2 21 %, …, shares the memo
never states) over the memo's own split of the round. Money raised is spent on uses, never on
quarters."""

from __future__ import annotations

from tests.tasks.fill_docs import pitch

_MEMO = """# Fernhollow Robotics

Fernhollow Robotics builds autonomous weeding robots for organic vegetable farms.

## Traction
We have 37 paying farms and $410K in annual recurring revenue. Revenue by quarter in 2025: Q1 $62K, Q2 $88K, Q3 $104K, Q4 $156K.

## The ask
We are raising $3M seed: 50% engineering, 30% sales, 20% manufacturing.
"""


def test_the_round_is_split_by_its_uses_not_by_the_quarters_of_revenue():
    uses = pitch(_MEMO).data["ask"]["use_of_funds"]
    assert [(u["label"], u["share"]) for u in uses] == [
        ("Engineering", 0.5), ("Sales", 0.3), ("Manufacturing", 0.2)]


def test_quarters_alone_give_no_use_of_funds():
    memo = _MEMO.replace("We are raising $3M seed: 50% engineering, 30% sales, 20% manufacturing.",
                         "We are raising $3M seed.")
    assert not pitch(memo).data["ask"].get("use_of_funds")
