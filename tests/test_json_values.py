"""The JSON kinds the document and the API take: true is no number, a list of text
holds only text."""
import pytest

from wordsearch import json_values


@pytest.mark.parametrize("value, text, texts, flag, whole", [
    ("a", True, False, False, False),
    (["a", "b"], False, True, False, False),
    (["a", 1], False, False, False, False),
    ([], False, True, False, False),
    (True, False, False, True, False),
    (3, False, False, False, True),
    (3.0, False, False, False, False),
    (None, False, False, False, False),
])
def test_each_kind(value, text, texts, flag, whole):
    assert (json_values.is_text(value), json_values.is_texts(value), json_values.is_flag(value),
            json_values.is_whole(value)) == (text, texts, flag, whole)


def test_a_kind_as_a_message_names_it():
    assert [json_values.kind(v) for v in (None, False, "x", 2, 2.5, [], {})] == [
        "null", "true or false", "text", "a number", "a number", "a list", "an object"]
