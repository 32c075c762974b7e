"""Which words lie inside which (wordsearch.inside), against every pair compared."""
from hypothesis import given, strategies as st

from wordsearch.inside import containers

forms = st.lists(st.text("ABC", min_size=1, max_size=7), max_size=12, unique=True)


@given(forms)
def test_containers_are_every_other_form_holding_the_form_or_its_reversal(words):
    want = tuple(tuple(j for j, other in enumerate(words)
                       if j != i and (word in other or word[::-1] in other))
                 for i, word in enumerate(words))
    assert containers(words) == want


def test_a_word_and_its_reversal_of_the_same_length_hold_each_other():
    assert containers(["KET", "TEK", "KETTLE"]) == ((1, 2), (0, 2), ())
