"""The daily puzzle (wordsearch.web.daily): a date in YYYY-MM-DD within the list's
years, its id, and the request that makes it: the English themes in turn, the same
puzzle the command makes with the date's code, and one the API takes."""
import datetime
import json

import pytest

import wordsearch
from wordsearch.lang import lists
from wordsearch.web import daily, options

THEMES = list(lists.themes(daily.LANGUAGE).values())


@pytest.mark.parametrize("text, date", [
    ("2024-03-05", datetime.date(2024, 3, 5)),
    ("2020-01-01", daily.FIRST),
    ("2099-12-31", daily.LAST),
    ("2024-02-29", datetime.date(2024, 2, 29)),
])
def test_a_date_in_the_lists_years_is_read(text, date):
    assert daily.parse_date(text) == date


@pytest.mark.parametrize("text", [
    "2019-12-31", "2100-01-01",           # outside the list's years
    "2023-02-29", "2024-13-01", "2024-00-10",
    "20240305", "2024-3-5", "2024-03-5", " 2024-03-05", "2024-03-05T00:00",
    "today", "", "daily-2024-03-05",
])
def test_anything_else_is_none(text):
    assert daily.parse_date(text) is None


def test_the_id_names_the_date():
    assert daily.puzzle_id(datetime.date(2024, 3, 5)) == "daily-2024-03-05"


def test_a_date_asks_for_twelve_words_of_its_theme_with_its_own_code():
    date = datetime.date(2024, 3, 5)
    request = daily.request(date)
    theme = THEMES[(date - daily.FIRST).days % len(THEMES)]
    assert request == {"theme": theme.name, "random": 12, "difficulty": "medium",
                       "language": "en", "seed": "daily-2024-03-05",
                       "title": f"{theme.title}: 5 March 2024"}
    assert daily.request(date) == request


def test_the_themes_come_in_turn_from_the_first_date():
    days = [daily.FIRST + datetime.timedelta(days=n) for n in range(len(THEMES) + 1)]
    names = [daily.request(day)["theme"] for day in days]
    assert names[:-1] == [theme.name for theme in THEMES]
    assert names[-1] == names[0]
    assert len(set(names[:-1])) == len(THEMES) > 1


def test_the_request_is_one_the_api_takes():
    made = options.parse(daily.request(datetime.date(2031, 7, 14)))
    assert made.words == []
    assert made.page == {"title": made.page["title"]}
    assert made.generate["seed"] == "daily-2031-07-14"


def test_the_dates_puzzle_is_the_one_the_command_makes_with_its_code(run):
    request = daily.request(datetime.date(2024, 3, 5))
    result = run("--theme", request["theme"], "--random", "12", "--difficulty", "medium",
                 "--seed", "daily-2024-03-05", "-o", "daily.json")
    assert result.exit_code == 0, result.output
    with open("daily.json", encoding="utf-8") as command:
        document = json.load(command)
    library = {name: value for name, value in request.items() if name != "title"}
    assert wordsearch.generate([], **library).to_dict() == document
    assert document["code"] == "daily-2024-03-05" and len(document["words"]) == 12
