"""fields.named: a front end's options pass into a value by its fields' names."""
from dataclasses import dataclass, field

from wordsearch import fields


@dataclass(frozen=True)
class Value:
    size: int = 1
    names: tuple[str, ...] = ()
    derived: int = field(init=False, default=0)


def test_only_the_fields_pass_lists_as_tuples():
    given = {"size": 3, "names": ["a", "b"], "derived": 9, "other": True}
    assert fields.named(Value, given) == {"size": 3, "names": ("a", "b")}
    assert Value(**fields.named(Value, given)) == Value(3, ("a", "b"))
