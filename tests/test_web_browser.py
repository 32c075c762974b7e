"""The pages in a real browser: Debian's chromium, headless, driven by Selenium
through Debian's chromium-driver (install.sh installs both), against a real
`wordsearch serve` on the loopback address. Screenshots of each page, at desktop
width and at 320 px, go to $WORDSEARCH_SCREENSHOTS (or the test's own folder)."""
import json
import re
import shutil
import urllib.request

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.keys import Keys

from browser import CHROMIUM, DRIVER, axe, browser, click, shot, text_of, wait
from conftest import pdf_text, serve
from wordsearch.directions import STEPS

WORDS = ["planet", "comet", "orbit", "moon", "star", "sun"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """`wordsearch serve` in its own process on a free loopback port."""
    assert shutil.which(CHROMIUM) and shutil.which(DRIVER), \
        "chromium and chromium-driver are missing: install.sh installs them"
    process, url = serve(tmp_path_factory.mktemp("served"), "--workers", "1")
    yield url
    process.terminate()
    process.wait(10)


@pytest.fixture(scope="module")
def downloads(tmp_path_factory):
    return tmp_path_factory.mktemp("downloads")


@pytest.fixture
def driver(downloads):
    d = browser(downloads)
    yield d
    errors = [e for e in d.get_log("browser") if e["level"] == "SEVERE"
              and "status of 422" not in e["message"]]  # a refused puzzle, on purpose
    d.quit()
    assert not errors, errors


def make_puzzle(server, **body):
    body.setdefault("words", WORDS)
    request = urllib.request.Request(f"{server}/api/puzzles", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


def ends(placement):
    dr, dc = STEPS[placement["direction"]]
    n = len(placement["word"]) - 1
    return (placement["row"], placement["col"]), (placement["row"] + n * dr,
                                                  placement["col"] + n * dc)


def cell(driver, at):
    return driver.find_element(By.CSS_SELECTOR, f'.cell[data-r="{at[0]}"][data-c="{at[1]}"]')


@pytest.mark.slow
def test_the_downloaded_pdf_has_the_puzzles_code(server, driver, downloads):
    driver.get(server)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#gallery input"))
    driver.find_element(By.ID, "words").send_keys("\n".join(WORDS))
    click(driver, "#more summary")
    click(driver, driver.find_element(By.CSS_SELECTOR, "#gallery input[value=heart]")
          .find_element(By.XPATH, ".."))
    driver.find_element(By.ID, "generate").click()
    code = wait(driver, lambda d: text_of(d, "code"))
    driver.find_element(By.ID, "pdf").click()
    pdf = wait(driver, lambda d: next(iter(downloads.glob("puzzle-*.pdf")), None))
    wait(driver, lambda d: pdf.stat().st_size > 0 and not list(downloads.glob("*.crdownload")))
    assert f"code {code}" in pdf_text(pdf)


def play(driver, url):
    driver.get(url)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".cell"))


def found(driver):
    return text_of(driver, "count")


def show_answers(driver):
    """Show answers, and yes in the dialog that asks first."""
    click(driver, "#show")
    wait(driver, lambda d: d.find_element(By.ID, "confirm").get_attribute("open"))
    driver.find_element(By.ID, "confirm-yes").click()


def trace(driver, placement):
    start, end = ends(placement)
    cell(driver, start).click()
    cell(driver, end).click()


@pytest.mark.slow
def test_play_with_a_mouse_drag_until_all_are_found(server, driver):
    made = make_puzzle(server, seed="drag", title="Drag")
    play(driver, server + made["links"]["play"])
    placements = made["puzzle"]["words"]
    assert found(driver) == f"0 of {len(placements)} found"
    for n, placement in enumerate(placements, 1):
        start, end = ends(placement)
        if n % 2:
            start, end = end, start  # either way round
        ActionChains(driver).click_and_hold(cell(driver, start)).move_to_element(
            cell(driver, end)).release().perform()
        assert found(driver) == f"{n} of {len(placements)} found"
    assert f"All {len(placements)} found in" in text_of(driver, "say")
    struck = driver.find_elements(By.CSS_SELECTOR, "#words li.found")
    assert len(struck) == len(placements)
    # the word struck out, not its number
    assert struck[0].value_of_css_property("text-decoration-line") == "none"
    assert struck[0].find_element(By.CLASS_NAME, "word").value_of_css_property(
        "text-decoration-line") == "line-through"
    assert len(driver.find_elements(By.CSS_SELECTOR, "#marks .found-line")) == len(placements)
    start, _ = ends(placements[0])
    assert cell(driver, start).get_attribute("aria-label").endswith(", found")
    shot(driver, "play-desktop-all-found")


@pytest.mark.slow
def test_a_wrong_line_is_refused(server, driver):
    made = make_puzzle(server, seed="wrong", difficulty="easy", grid=8)
    play(driver, server + made["links"]["play"])
    placement = made["puzzle"]["words"][0]
    start, end = ends(placement)
    short = (end[0] - (end[0] > start[0]), end[1] - (end[1] > start[1]))
    ActionChains(driver).click_and_hold(cell(driver, start)).move_to_element(
        cell(driver, short)).release().perform()
    assert text_of(driver, "say") == "That is not one of the words."
    crooked = (start[0] + 2 if start[0] + 2 < 8 else start[0] - 2,
               start[1] + 1 if start[1] + 1 < 8 else start[1] - 1)
    ActionChains(driver).click_and_hold(cell(driver, start)).move_to_element(
        cell(driver, crooked)).release().perform()
    assert text_of(driver, "say") == "That is not a straight line in this puzzle's directions."
    diagonal = (start[0] + 1 if start[0] + 1 < 8 else start[0] - 1,
                start[1] + 1 if start[1] + 1 < 8 else start[1] - 1)
    ActionChains(driver).click_and_hold(cell(driver, start)).move_to_element(
        cell(driver, diagonal)).release().perform()
    assert text_of(driver, "say") == "That is not a straight line in this puzzle's directions."
    assert found(driver).startswith("0 of")


@pytest.mark.slow
def test_play_with_the_keyboard_only(server, driver):
    made = make_puzzle(server, seed="keys", grid=9)
    play(driver, server + made["links"]["play"])
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.TAB)
    for _ in range(10):
        if driver.switch_to.active_element.get_attribute("role") == "gridcell":
            break
        driver.switch_to.active_element.send_keys(Keys.TAB)
    focused = driver.switch_to.active_element
    assert focused.get_attribute("aria-label") == f"{made['puzzle']['grid'][0][0]}, row 1, column 1"
    assert focused.value_of_css_property("outline-style") == "solid"  # focus is visible
    at = [0, 0]

    def go(target):
        keys = []
        keys += [Keys.ARROW_DOWN if target[0] > at[0] else Keys.ARROW_UP] * abs(target[0] - at[0])
        keys += [Keys.ARROW_RIGHT if target[1] > at[1] else Keys.ARROW_LEFT] * \
            abs(target[1] - at[1])
        if keys:
            ActionChains(driver).send_keys(*keys).perform()
        at[:] = target

    placements = made["puzzle"]["words"]
    go((1, 1))
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    assert text_of(driver, "say") == "Selection cancelled."
    for n, placement in enumerate(placements, 1):
        start, end = ends(placement)
        go(start)
        ActionChains(driver).send_keys(Keys.ENTER if n % 2 else Keys.SPACE).perform()
        go(end)
        ActionChains(driver).send_keys(Keys.ENTER).perform()
        assert found(driver) == f"{n} of {len(placements)} found"
    assert "All" in text_of(driver, "say")


@pytest.mark.slow
def test_play_by_tapping_the_first_and_last_letters(server, driver):
    made = make_puzzle(server, seed="taps")
    play(driver, server + made["links"]["play"])
    placements = made["puzzle"]["words"]
    start, _ = ends(placements[0])
    cell(driver, start).click()
    cell(driver, start).click()  # the first letter again: no selection
    assert text_of(driver, "say") == "Selection cancelled."
    assert not driver.find_elements(By.CSS_SELECTOR, ".cell.start, .cell.selecting")
    for n, placement in enumerate(placements, 1):
        start, end = ends(placement)
        cell(driver, start).click()
        assert "Now the last letter" in text_of(driver, "say")
        cell(driver, end).click()
        assert found(driver) == f"{n} of {len(placements)} found"
    assert "All" in text_of(driver, "say")


def overflow(driver):
    return driver.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth")


@pytest.mark.slow
def test_play_on_a_touch_phone_at_320_px(server):
    made = make_puzzle(server, seed="phone", title="On a phone")
    driver = browser(width=320, height=640, phone=True)
    try:
        play(driver, server + made["links"]["play"])
        assert driver.execute_script("return window.innerWidth") == 320
        assert overflow(driver) == 0
        assert driver.execute_script("return navigator.maxTouchPoints") > 0
        placements = made["puzzle"]["words"]
        for n, placement in enumerate(placements, 1):
            start, end = ends(placement)
            for at in (start, end):  # scrolled into view above the word tray, as a pupil would
                driver.execute_script("arguments[0].scrollIntoView({block: 'nearest'})",
                                      cell(driver, at))
            finger = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
            finger.pointer_action.move_to(cell(driver, start)).pointer_down().pause(0.05) \
                .move_to(cell(driver, end)).pause(0.05).pointer_up()
            finger.perform()
            assert found(driver) == f"{n} of {len(placements)} found"
        driver.execute_script("window.scrollTo(0, 0)")
        shot(driver, "play-phone-320-all-found", phone=True)
    finally:
        driver.quit()


@pytest.mark.slow
def test_pages_fit_320_px_and_200_percent_zoom_and_show_answers(server):
    made = make_puzzle(server, seed="narrow", title="Narrow " * 8, grid=15)
    for width in (320, 640):  # 640 px: a 1280-px window at 200% zoom
        driver = browser(width=width, height=800)
        try:
            play(driver, server + made["links"]["play"])
            assert driver.execute_script("return window.innerWidth") == width
            assert overflow(driver) == 0
            show_answers(driver)
            assert len(driver.find_elements(By.CSS_SELECTOR, "#marks .shown-line")) == \
                len(made["puzzle"]["words"])
            assert "shown" in text_of(driver, "say")
            shot(driver, f"play-{width}-answers-shown")
            driver.get(server)
            wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#gallery input"))
            assert overflow(driver) == 0
            shot(driver, f"make-{width}")
        finally:
            driver.quit()


@pytest.mark.slow
def test_the_grid_is_an_aria_grid_of_labelled_cells(server, driver):
    made = make_puzzle(server, seed="aria", grid=7)
    play(driver, server + made["links"]["play"])
    grid = driver.find_element(By.ID, "grid")
    assert grid.get_attribute("role") == "grid"
    rows = grid.find_elements(By.CSS_SELECTOR, "[role=row]")
    assert len(rows) == 7
    third = rows[2].find_elements(By.CSS_SELECTOR, "[role=gridcell]")[4]
    assert third.get_attribute("aria-label") == f"{made['puzzle']['grid'][2][4]}, row 3, column 5"
    assert not driver.find_element(By.ID, "count").get_attribute("aria-live")
    assert driver.find_element(By.ID, "say").get_attribute("role") == "status"


LIVE = "[aria-live], [role=status], [role=alert], [role=log], output"


@pytest.mark.slow
def test_a_screen_reader_hears_each_event_once_and_shown_cells_say_so(server, driver):
    """One live region, which says a find once ("Found Planet. 1 of 6 found."); the
    cells of a found word, and after Show answers of every shown word, say so in
    their names; focus is kept, not lost to the page; axe finds nothing."""
    made = make_puzzle(server, seed="reader", title="Reader")
    play(driver, server + made["links"]["play"])
    assert len(driver.find_elements(By.CSS_SELECTOR, LIVE)) == 1
    placements = made["puzzle"]["words"]
    first = placements[0]
    trace(driver, first)
    said = text_of(driver, "say")
    label = first["label"] if "label" in first else first["word"]
    assert said == f"Found {label}. 1 of {len(placements)} found."
    assert said.lower().count(label.lower()) == 1
    start, _ = ends(first)
    assert cell(driver, start).get_attribute("aria-label") == \
        f"{made['puzzle']['grid'][start[0]][start[1]]}, row {start[0] + 1}, " \
        f"column {start[1] + 1}, part of {label}, found"
    show_answers(driver)
    focused = driver.switch_to.active_element
    assert focused.tag_name != "body"
    assert len(driver.find_elements(By.CSS_SELECTOR, LIVE)) == 1
    assert "shown" in text_of(driver, "say")
    tree = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    names = [node.get("name", {}).get("value", "") for node in tree
             if node.get("role", {}).get("value") == "gridcell"]
    for placement in placements[1:]:
        (r, c), _ = ends(placement)
        word = placement.get("label", placement["word"])
        named = cell(driver, (r, c)).get_attribute("aria-label")  # "part of Moon and Orbit"
        assert "part of " in named and word in named and named.endswith(", shown"), named
        assert named in names  # what the accessibility tree gives a screen reader
    assert not axe(driver)


@pytest.mark.slow
def test_the_self_contained_page_plays_from_a_file_with_no_network(tmp_path, run):
    page = tmp_path / "puzzle.html"
    result = run("--seed", "file", "-t", "From a file", "-o", str(page), *WORDS)
    assert result.exit_code == 0
    document = json.loads(run("--seed", "file", "--format", "json", *WORDS).output)
    driver = browser()
    try:
        play(driver, page.as_uri())
        for n, placement in enumerate(document["words"], 1):
            start, end = ends(placement)
            cell(driver, start).click()
            cell(driver, end).click()
            assert found(driver) == f"{n} of {len(document['words'])} found"
        fetched = driver.execute_script(
            "return performance.getEntriesByType('resource').map(e => e.name)")
        assert fetched == []
        play(driver, page.as_uri())  # progress kept from a file too
        assert found(driver) == f"{len(document['words'])} of {len(document['words'])} found"
        assert not driver.find_elements(By.ID, "today")  # no daily puzzle offline
        assert not [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    finally:
        driver.quit()


@pytest.mark.slow
def test_the_hidden_message_has_a_blank_a_letter_filled_in_once_every_word_is_found(
        server, driver):
    made = make_puzzle(server, words=["sun", "moon", "star"], message="Hi there!", seed="msg")
    play(driver, server + made["links"]["play"])
    assert text_of(driver, "message-label") == "Hidden message"
    words = driver.find_elements(By.CSS_SELECTOR, "#blanks .message-word")
    assert [len(w.find_elements(By.CLASS_NAME, "blank")) for w in words] == [2, 5]
    assert words[1].find_element(By.CLASS_NAME, "mark").text == "!"
    blanks = driver.find_elements(By.CSS_SELECTOR, "#blanks .blank")
    assert all(b.is_displayed() and b.size["width"] > 10 for b in blanks)
    shot(driver, "play-message-blanks")
    placements = made["puzzle"]["words"]
    for placement in placements:
        assert [b.text for b in blanks] == [""] * 7
        start, end = ends(placement)
        cell(driver, start).click()
        cell(driver, end).click()
    assert found(driver) == f"{len(placements)} of {len(placements)} found"
    assert [b.text for b in blanks] == list("HITHERE")
    assert driver.find_element(By.ID, "message-text").get_attribute("textContent") == "Hi there!"
    said = text_of(driver, "say")
    # the last find, then the end and the message: one announcement
    assert said.startswith("Found ") and f". All {len(placements)} found in" in said
    assert said.endswith("! Hidden message: Hi there!")
    shot(driver, "play-message-filled")


@pytest.mark.slow
def test_a_puzzle_with_its_words_hidden_lists_each_word_as_it_is_found(tmp_path, run):
    options = ("--seed", "hidden-words", "--hide-words", "--list-order", "given")
    assert run(*options, "-t", "Hidden", "-o", str(tmp_path / "p.html"), *WORDS).exit_code == 0
    document = json.loads(run(*options, "--format", "json", *WORDS).output)
    driver = browser()
    try:
        play(driver, (tmp_path / "p.html").as_uri())
        assert text_of(driver, "words") == ""
        assert driver.find_element(By.CSS_SELECTOR, ".wordlist h2").text == \
            f"Hidden words: {len(WORDS)} (no list: find them all)"
        placements = list(reversed(document["words"]))  # not the list's order
        for n, placement in enumerate(placements, 1):
            start, end = ends(placement)
            cell(driver, start).click()
            cell(driver, end).click()
            assert found(driver) == f"{n} of {len(WORDS)} found"
            listed = driver.find_elements(By.CSS_SELECTOR, "#words li.found")
            assert [item.text for item in listed] == [p["label"] for p in placements[:n]]
        assert f"All {len(WORDS)} found in" in text_of(driver, "say")
        word = listed[0].find_element(By.CLASS_NAME, "word")
        assert word.value_of_css_property("text-decoration-line") == "none"  # not struck
        assert listed[0].get_attribute("data-n") == "1"  # numbered as its outline is
        shot(driver, "play-hidden-words-all-found")
        play(driver, (tmp_path / "p.html").as_uri())  # kept: still all found
        assert found(driver) == f"{len(WORDS)} of {len(WORDS)} found"
        click(driver, "#play-again")  # progress cleared, the page afresh
        wait(driver, lambda d: found(d) == f"0 of {len(WORDS)} found")
        start, end = ends(document["words"][2])
        cell(driver, start).click()
        cell(driver, end).click()
        show_answers(driver)
        items = driver.find_elements(By.CSS_SELECTOR, "#words li")
        assert [(i.text, i.get_attribute("class").split()[0]) for i in items] == \
            [(document["words"][2]["label"], "found")] + \
            [(p["label"], "shown") for k, p in enumerate(document["words"]) if k != 2]
    finally:
        driver.quit()


@pytest.mark.slow
def test_show_answers_is_quiet_comes_last_and_asks_first(server, driver):
    made = make_puzzle(server, seed="ask", title="Ask first")
    play(driver, server + made["links"]["play"])
    assert not axe(driver)  # fresh
    show = driver.find_element(By.ID, "show")
    grid = driver.find_element(By.ID, "grid")
    assert show.location["y"] > grid.location["y"]  # not above the grid
    assert "quiet" in show.get_attribute("class")
    assert show.value_of_css_property("background-color") in ("rgba(0, 0, 0, 0)", "transparent")
    placements = made["puzzle"]["words"]
    trace(driver, placements[0])
    assert not axe(driver)  # playing
    click(driver, "#show")
    dialog = driver.find_element(By.ID, "confirm")
    wait(driver, lambda d: dialog.get_attribute("open"))
    assert text_of(driver, "confirm-question") == "Show all the answers?"
    assert driver.switch_to.active_element.text == "Keep playing"
    shot(driver, "play-confirm-show-answers", whole=False)
    driver.find_element(By.ID, "confirm-no").click()
    assert not dialog.get_attribute("open")
    assert not driver.find_elements(By.CSS_SELECTOR, "#marks .shown-line")
    assert driver.switch_to.active_element.get_attribute("id") == "show"  # where the player was
    ActionChains(driver).send_keys(Keys.ENTER).perform()  # the keyboard: Escape says no too
    wait(driver, lambda d: dialog.get_attribute("open"))
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    assert not dialog.get_attribute("open")
    assert driver.switch_to.active_element.get_attribute("id") == "show"
    assert not driver.find_elements(By.CSS_SELECTOR, "#marks .shown-line")
    trace(driver, placements[1])
    assert found(driver).startswith("2 of")
    show_answers(driver)
    assert len(driver.find_elements(By.CSS_SELECTOR, "#marks .shown-line")) == len(placements) - 2
    assert driver.find_element(By.ID, "show").get_attribute("disabled")
    focused = driver.switch_to.active_element
    assert focused.tag_name != "body" and focused.get_attribute("id") == "ending"
    assert f"you found 2 of {len(placements)}" in text_of(driver, "ending")
    assert not axe(driver)  # answers shown
    shot(driver, "play-answers-shown-ending")


@pytest.mark.slow
def test_a_hint_marks_a_first_letter_is_counted_and_shown_at_the_end(server, driver):
    made = make_puzzle(server, seed="hint", title="Hints")
    play(driver, server + made["links"]["play"])
    by_label = {p["label"]: p for p in made["puzzle"]["words"]}
    listed = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#words li")]
    placements = [by_label[label] for label in listed]  # in the list's order
    assert text_of(driver, "hints") == "Hints: 0"
    click(driver, "#hint")
    hinted = driver.find_elements(By.CSS_SELECTOR, ".cell.hinted")
    assert len(hinted) == 1
    at = (int(hinted[0].get_attribute("data-r")), int(hinted[0].get_attribute("data-c")))
    first = placements[0]
    assert at == (first["row"], first["col"])
    assert text_of(driver, "say") == (f"Hint: {first['label']} starts at the marked letter, "
                                      f"row {at[0] + 1}, column {at[1] + 1}.")
    assert text_of(driver, "hints") == "Hints: 1"
    trace(driver, placements[0])
    click(driver, "#hint")  # the next word not found
    assert text_of(driver, "say").startswith(f"Hint: {placements[1]['label']} starts")
    assert text_of(driver, "hints") == "Hints: 2"
    assert not driver.find_element(By.ID, "ending").is_displayed()
    for placement in placements[1:]:
        trace(driver, placement)
    ending = driver.find_element(By.ID, "ending")
    assert ending.is_displayed()
    assert text_of(driver, "ending-title") == "Well done! Every word found."
    summary = text_of(driver, "ending-summary")
    assert summary.startswith("Time 0:") and summary.endswith("Hints: 2")
    buttons = [b.text for b in ending.find_elements(By.CSS_SELECTOR, "button, a")]
    assert buttons == ["New puzzle, same words", "Play again", "Today's puzzle", "Print"]
    assert ending.find_element(By.ID, "today").get_attribute("href").endswith("/daily")
    assert driver.find_element(By.ID, "show").get_attribute("disabled")
    assert driver.find_element(By.ID, "hint").get_attribute("disabled")
    assert not axe(driver)  # finished
    shot(driver, "play-finished-ending")
    bit = ending.find_element(By.CSS_SELECTOR, ".confetti span")
    assert bit.value_of_css_property("animation-name") == "confetti"
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    assert bit.value_of_css_property("animation-name") == "none"  # a still celebration
    driver.execute_script("window.print = () => { window.printed = true; }")
    click(driver, "#print")
    assert driver.execute_script("return window.printed")
    # a new layout of the same words, from nothing found: offline, the page says so
    driver.execute_cdp_cmd("Network.enable", {})
    offline = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", offline)
    click(driver, "#new-layout button")
    assert driver.find_element(By.ID, "confirm").is_displayed()
    assert text_of(driver, "confirm-question").startswith("You need an internet connection")
    click(driver, "#confirm-no")
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {**offline, "offline": False})
    old = driver.current_url
    click(driver, "#new-layout button")
    wait(driver, lambda d: d.current_url != old and d.find_elements(By.CSS_SELECTOR, ".cell"))
    assert [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#words li")] == listed
    assert found(driver) == f"0 of {len(listed)} found" and text_of(driver, "hints") == "Hints: 0"
    letters = "".join(c.text for c in driver.find_elements(By.CSS_SELECTOR, ".cell"))
    assert letters != "".join("".join(row) for row in made["puzzle"]["grid"])


def seconds(driver):
    minutes, secs = text_of(driver, "timer").split(":")
    return int(minutes) * 60 + int(secs)


@pytest.mark.slow
def test_progress_survives_a_reload_and_start_again_clears_it(server, driver):
    made = make_puzzle(server, seed="kept", title="Kept")
    url = server + made["links"]["play"]
    play(driver, url)
    placements = made["puzzle"]["words"]
    trace(driver, placements[0])
    trace(driver, placements[3])
    click(driver, "#hint")
    wait(driver, lambda d: seconds(d) >= 2)
    before = seconds(driver)
    driver.refresh()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".cell"))
    total = len(placements)
    assert found(driver) == f"2 of {total} found"
    assert text_of(driver, "say") == f"Welcome back: 2 of {total} found so far."
    assert seconds(driver) >= before  # the timer goes on, not from 0:00
    assert text_of(driver, "hints") == "Hints: 1"
    assert len(driver.find_elements(By.CSS_SELECTOR, "#marks .found-line")) == 2
    assert len(driver.find_elements(By.CSS_SELECTOR, "#words li.found")) == 2
    start, _ = ends(placements[3])
    assert cell(driver, start).get_attribute("aria-label").endswith(", found")
    trace(driver, placements[3])
    assert text_of(driver, "say") == "You have found that word already."
    driver.get("about:blank")  # the tab closed, and the page opened again
    play(driver, url)
    assert found(driver) == f"2 of {total} found"
    click(driver, "#again")
    wait(driver, lambda d: d.find_element(By.ID, "confirm").get_attribute("open"))
    assert text_of(driver, "confirm-question").startswith("Start this puzzle again?")
    driver.find_element(By.ID, "confirm-yes").click()
    wait(driver, lambda d: found(d) == f"0 of {total} found")
    assert text_of(driver, "hints") == "Hints: 0"
    assert seconds(driver) < 2
    assert not driver.find_elements(By.CSS_SELECTOR, "#marks .found-line")


def crossing(placements):
    """Two words that share a cell."""
    def cells(p):
        dr, dc = STEPS[p["direction"]]
        return {(p["row"] + k * dr, p["col"] + k * dc) for k in range(len(p["word"]))}
    for i, a in enumerate(placements):
        for b in placements[i + 1:]:
            if cells(a) & cells(b):
                return a, b
    return None


@pytest.mark.slow
def test_each_found_word_has_its_own_colour_and_number(server, driver):
    for seed in range(40):
        made = make_puzzle(server, seed=f"cross{seed}", grid=8, difficulty="easy")
        pair = crossing(made["puzzle"]["words"])
        if pair:
            break
    assert pair, "no puzzle with two crossing words"
    play(driver, server + made["links"]["play"])
    others = [p for p in made["puzzle"]["words"] if p not in pair]
    for placement in others[:8] + list(pair):  # the crossing pair 8 finds apart if it can be
        trace(driver, placement)
    lines = driver.find_elements(By.CSS_SELECTOR, "#marks .found-line")
    colours = [line.value_of_css_property("stroke") for line in lines]
    assert colours[-1] != colours[-2]
    assert len(set(colours)) == min(len(colours), 8)
    badges = [b.text for b in driver.find_elements(By.CSS_SELECTOR, "#marks .badge text")]
    assert badges == [str(n) for n in range(1, len(lines) + 1)]
    by_label = {p["label"]: p for p in made["puzzle"]["words"]}
    item = next(li for li in driver.find_elements(By.CSS_SELECTOR, "#words li.found")
                if by_label[li.text] is pair[1])
    assert item.get_attribute("data-n") == str(len(lines))
    colour = lines[-1].get_attribute("class").split()[1]  # c0 to c7: the list says it too
    assert colour in item.get_attribute("class").split()
    assert not axe(driver)
    shot(driver, "play-colours")


def dark(driver):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": "dark"}]})


@pytest.mark.slow
@pytest.mark.parametrize("width", [390, 1280])
def test_the_play_page_in_dark_mode(server, width):
    made = make_puzzle(server, seed="dark", title="In the dark")
    driver = browser(width=width, height=844 if width < 500 else 900, phone=width < 500)
    try:
        dark(driver)
        play(driver, server + made["links"]["play"])
        assert driver.execute_script(
            "return getComputedStyle(document.body).backgroundColor") == "rgb(22, 24, 29)"
        placements = made["puzzle"]["words"]
        for placement in placements[:3]:
            trace(driver, placement)
        click(driver, "#hint")
        assert not axe(driver)  # playing, in the dark
        driver.execute_script("window.scrollTo(0, 0)")
        shot(driver, f"play-dark-{width}-playing", phone=width < 500)
        click(driver, "#show")
        wait(driver, lambda d: d.find_element(By.ID, "confirm").get_attribute("open"))
        shot(driver, f"play-dark-{width}-confirm", phone=width < 500, whole=False)
        driver.find_element(By.ID, "confirm-no").click()
        for placement in placements[3:]:
            trace(driver, placement)
        assert found(driver) == f"{len(placements)} of {len(placements)} found"
        assert not axe(driver)  # finished, in the dark
        driver.execute_script("window.scrollTo(0, 0)")
        shot(driver, f"play-dark-{width}-finished", phone=width < 500)
    finally:
        driver.quit()


@pytest.mark.slow
def test_on_a_phone_the_grid_stays_put_between_a_first_and_a_last_tap(server):
    """The first tap's "First letter: …, row 2, column 5. Now the last letter." takes
    two lines at 390 px, and pushed the grid down 22 px, so that a pupil's second
    tap, aimed where the last letter had been, landed on the letter above it."""
    made = make_puzzle(server, seed="tap", title="Animals")
    driver = browser(width=390, height=844, phone=True)
    try:
        play(driver, server + made["links"]["play"])
        first, second = driver.find_elements(By.CSS_SELECTOR, ".cell")[:2]
        before = box(driver, first)
        second.click()  # on the first screen: nothing to scroll
        wait(driver, lambda d: "First letter" in text_of(d, "say"))
        assert box(driver, first) == before
        assert not axe(driver)
    finally:
        driver.quit()


BIG = ("planet comet orbit moon star sun galaxy nebula rocket shuttle crater meteor asteroid "
       "eclipse gravity telescope astronaut satellite universe cosmos jupiter saturn mercury "
       "venus mars neptune uranus pluto quasar pulsar").split()


def box(driver, element):
    return driver.execute_script(
        "const r = arguments[0].getBoundingClientRect();"
        "return [r.left, r.top, r.width, r.height];", element)


@pytest.mark.slow
def test_a_40_by_40_grid_zooms_and_plays_by_touch_on_a_phone(server):
    made = make_puzzle(server, words=BIG, seed="big", title="Big", grid=40)
    assert len(made["puzzle"]["grid"]) == 40
    driver = browser(width=390, height=844, phone=True)
    try:
        play(driver, server + made["links"]["play"])
        assert overflow(driver) == 0
        sizes = driver.execute_script(
            "return [...document.querySelectorAll('.cell')].map(c => {"
            " const r = c.getBoundingClientRect(); return Math.min(r.width, r.height); })")
        assert len(sizes) == 1600 and min(sizes) >= 24, min(sizes)
        viewport = driver.find_element(By.ID, "viewport")
        assert "zoomed" in viewport.get_attribute("class")
        assert driver.find_element(By.ID, "zoom-in").get_attribute("aria-label") == "Zoom in"
        top = box(driver, viewport)[1]
        assert 0 <= top < 844 / 2  # the grid on the first screen
        tray = driver.find_element(By.ID, "tray")
        left, tray_top, width, height = box(driver, tray)
        assert tray.is_displayed() and tray_top + height <= 844 + 1 and tray_top < 844 - 20
        shot(driver, "play-phone-40-first-screen", phone=True, whole=False)
        # a word away from the top left corner, scrolled to the middle of the viewport
        placements = made["puzzle"]["words"]
        placement = max((p for p in placements if len(p["word"]) <= 7),
                        key=lambda p: p["row"] + p["col"])
        start, end = ends(placement)
        driver.execute_script(
            "const v = arguments[0], a = arguments[1].getBoundingClientRect(),"
            " b = arguments[2].getBoundingClientRect(), r = v.getBoundingClientRect();"
            "v.scrollLeft += (a.left + b.right) / 2 - (r.left + r.width / 2);"
            "v.scrollTop += (a.top + b.bottom) / 2 - (r.top + r.height / 2);",
            viewport, cell(driver, start), cell(driver, end))
        assert driver.execute_script(
            "return arguments[0].scrollLeft + arguments[0].scrollTop", viewport) > 0
        for at in (start, end):  # both ends on screen, not under the tray
            x, y, w, h = box(driver, cell(driver, at))
            assert driver.execute_script(
                "return document.elementFromPoint(arguments[0], arguments[1])"
                ".closest('.cell') === arguments[2]", x + w / 2, y + h / 2, cell(driver, at))
        finger = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
        finger.pointer_action.move_to(cell(driver, start)).pointer_down().pause(0.05) \
            .move_to(cell(driver, end)).pause(0.05).pointer_up()
        finger.perform()
        assert found(driver) == f"1 of {len(placements)} found"
        assert "found" in driver.find_element(By.CSS_SELECTOR, "#words li.found") \
            .get_attribute("aria-label")
        # the words not found first in the tray: the found one is shown last
        items = driver.find_elements(By.CSS_SELECTOR, "#words li")
        assert max(items, key=lambda li: (box(driver, li)[1], box(driver, li)[0])) \
            .get_attribute("class").startswith("found")
        # two fingers on the grid pan the viewport and select nothing
        x, y, w, h = box(driver, viewport)
        scrolled = driver.execute_script(
            "return [arguments[0].scrollLeft, arguments[0].scrollTop]", viewport)

        fingers = [(x + w / 2 - 40, y + h / 2), (x + w / 2 + 40, y + h / 2)]
        touch(driver, "touchStart", fingers)
        for k in range(1, 13):
            touch(driver, "touchMove", [(px + 5 * k, py + 5 * k) for px, py in fingers])
        touch(driver, "touchEnd", [])
        after = driver.execute_script(
            "return [arguments[0].scrollLeft, arguments[0].scrollTop]", viewport)
        assert after[0] < scrolled[0] - 30 and after[1] < scrolled[1] - 30, (scrolled, after)
        assert found(driver) == f"1 of {len(placements)} found"
        assert not driver.find_elements(By.CSS_SELECTOR, ".cell.selecting")
        # Zoom in makes the cells bigger; Zoom out back, each a tap.
        before = box(driver, cell(driver, start))[2]
        tap_until(driver, "zoom-in", lambda d: box(d, cell(d, start))[2] > before)
        tap_until(driver, "zoom-out",
                  lambda d: box(d, cell(d, start))[2] == pytest.approx(before, abs=0.5))
        assert not axe(driver)
        shot(driver, "play-phone-40-playing", phone=True, whole=False)
        driver.find_element(By.ID, "tray-toggle").click()
        assert not driver.find_element(By.ID, "words").is_displayed()
        shot(driver, "play-phone-40-tray-folded", phone=True, whole=False)
    finally:
        driver.quit()


def tap_until(driver, button_id, done, taps=3):
    """Taps the button until `done`, waiting 2 s after each tap. In phone emulation a
    click is a tap, its touch down and up sent apart; on a loaded machine (CI, twice)
    a tap changed nothing in 5 s, as when a phone reads a slow tap as a long press,
    which sends no click. A person taps again; each tap is one step, so `done` is
    still reached only by the right steps."""
    for _ in range(taps):
        driver.find_element(By.ID, button_id).click()
        try:
            return wait(driver, done, seconds=2)
        except TimeoutException:
            continue
    raise AssertionError(f"{taps} taps on #{button_id} did not do it")


def touch(driver, kind, points):
    """Fingers on the screen as a phone sends them (DevTools' touch events)."""
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
        {"x": x, "y": y, "id": n} for n, (x, y) in enumerate(points)]})


def middle(driver, element):
    x, y, w, h = box(driver, element)
    return x + w / 2, y + h / 2


def centre_on(driver, viewport, start, end):
    """The viewport scrolled so that the word from `start` to `end` is in its middle."""
    driver.execute_script(
        "const v = arguments[0], a = arguments[1].getBoundingClientRect(),"
        " b = arguments[2].getBoundingClientRect(), r = v.getBoundingClientRect();"
        "v.scrollLeft += (a.left + a.right + b.left + b.right) / 4 - (r.left + r.width / 2);"
        "v.scrollTop += (a.top + a.bottom + b.top + b.bottom) / 4 - (r.top + r.height / 2);",
        viewport, cell(driver, start), cell(driver, end))


@pytest.mark.slow
def test_a_40_by_40_grid_is_found_to_the_end_by_touch_on_a_phone(server):
    """Every word traced by one finger on a 390 px phone, the grid scrolled to it
    first (as a pupil pans it), each cell under the finger at least 24 px; then
    pinch, the zoom buttons' ends and a drag held at the edge."""
    made = make_puzzle(server, words=BIG, seed="big-to-the-end", title="Big", grid=40)
    placements = made["puzzle"]["words"]
    driver = browser(width=390, height=844, phone=True)
    try:
        play(driver, server + made["links"]["play"])
        viewport = driver.find_element(By.ID, "viewport")
        for n, placement in enumerate(placements, 1):
            start, end = ends(placement)
            centre_on(driver, viewport, start, end)
            points = [middle(driver, cell(driver, at)) for at in (start, end)]
            for at, (x, y) in zip((start, end), points):  # on screen, not under the tray
                assert min(box(driver, cell(driver, at))[2:]) >= 24
                assert driver.execute_script(
                    "return document.elementFromPoint(arguments[0], arguments[1])"
                    ".closest('.cell') === arguments[2]", x, y, cell(driver, at)), placement
            (x0, y0), (x1, y1) = points
            touch(driver, "touchStart", [(x0, y0)])
            for k in range(1, 6):
                touch(driver, "touchMove", [(x0 + (x1 - x0) * k / 5, y0 + (y1 - y0) * k / 5)])
            touch(driver, "touchEnd", [])
            assert found(driver) == f"{n} of {len(placements)} found", placement
        ending = driver.find_element(By.ID, "ending")
        wait(driver, lambda d: ending.is_displayed())
        assert text_of(driver, "ending-title") == "Well done! Every word found."
        assert not axe(driver)
        shot(driver, "play-phone-40-finished", phone=True, whole=False)

        # Zoom out as far as it goes: the cells stay at 24 px or more
        driver.execute_script("window.scrollTo(0, arguments[0].getBoundingClientRect().top"
                              " + window.scrollY - 100)", viewport)
        first = cell(driver, (0, 0))
        for _ in range(6):
            driver.execute_script("arguments[0].click()", driver.find_element(By.ID, "zoom-out"))
        assert box(driver, first)[2] == pytest.approx(24, abs=0.5)
        assert driver.find_element(By.ID, "zoom-out").get_attribute("aria-disabled") == "true"
        # two fingers spreading apart: bigger cells; closing: smaller again
        x, y = middle(driver, viewport)
        for spread_to, bigger in ((120, True), (20, False)):
            before = box(driver, first)[2]
            touch(driver, "touchStart", [(x - 40, y), (x + 40, y)])
            for k in range(1, 11):
                gap = 40 + (spread_to - 40) * k / 10
                touch(driver, "touchMove", [(x - gap, y), (x + gap, y)])
            touch(driver, "touchEnd", [])
            after = box(driver, first)[2]
            assert (after > before + 4) if bigger else (after < before - 4), (before, after)
            assert min(after, before) >= 24
        # a finger held near the right edge scrolls the grid that way
        driver.execute_script("arguments[0].scrollLeft = arguments[0].scrollTop = 0", viewport)
        held = middle(driver, cell(driver, (1, 1)))
        vx, vy, vw, vh = box(driver, viewport)
        touch(driver, "touchStart", [held])
        touch(driver, "touchMove", [(vx + vw - 6, held[1])])
        wait(driver, lambda d: d.execute_script("return arguments[0].scrollLeft", viewport) > 60)
        touch(driver, "touchEnd", [])
        assert "straight line" not in text_of(driver, "say")  # a line along row 2
    finally:
        driver.quit()


@pytest.mark.slow
def test_a_puzzle_opened_once_plays_offline_from_the_service_worker(tmp_path, driver):
    """Opened once while the server runs; then the server is stopped and the page
    reloaded: the service worker answers it and its files, and it still plays."""
    process, url = serve(tmp_path, "--workers", "1")
    try:
        made = make_puzzle(url, seed="offline", title="Offline")
        play(driver, url + made["links"]["play"])
        kept = """const done = arguments[arguments.length - 1];
            navigator.serviceWorker.ready
              .then(() => caches.match(location.href, {ignoreVary: true}))
              .then((page) => done(Boolean(page && navigator.serviceWorker.controller)));"""
        wait(driver, lambda d: d.execute_async_script(kept))
    finally:
        process.terminate()
        process.wait(10)
    with pytest.raises(OSError):
        urllib.request.urlopen(url + made["links"]["play"], timeout=2)
    driver.refresh()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".cell"))
    assert len(driver.find_elements(By.CSS_SELECTOR, "#grid [role=row]")) == \
        len(made["puzzle"]["grid"])
    assert driver.find_element(By.ID, "grid").value_of_css_property("display") == "grid"  # styled
    trace(driver, made["puzzle"]["words"][0])
    assert found(driver).startswith("1 of")


@pytest.mark.slow
def test_without_show_answers_a_pupil_still_finds_words_and_takes_hints(server, driver):
    made = make_puzzle(server, seed="no-show", show_answers=False)
    play(driver, server + made["links"]["play"])
    assert not driver.find_elements(By.ID, "show")
    driver.find_element(By.ID, "hint").click()
    assert driver.find_elements(By.CSS_SELECTOR, ".cell.hinted")
    for placement in made["puzzle"]["words"]:
        trace(driver, placement)
    n = len(made["puzzle"]["words"])
    assert found(driver).startswith(f"{n} of {n}")  # and no script error (the fixture)


CLUES = ["planet: it goes round a star", "comet: an icy ball with a long tail",
         "orbit: the path round the sun", "moon: it shines at night (10:30 pm)",
         "star: a twinkle far away", "sun: the star we live by"]


@pytest.mark.slow
def test_a_clue_puzzle_plays_to_the_end_showing_each_word_beside_its_clue(server, driver):
    made = make_puzzle(server, words=CLUES, seed="clues-play", title="Space clues")
    placements = made["puzzle"]["words"]
    play(driver, server + made["links"]["play"])
    items = driver.find_elements(By.CSS_SELECTOR, "#words li")
    clues = [item.find_element(By.CLASS_NAME, "clue").text for item in items]
    assert sorted(c.split(". ", 1)[1] for c in clues) == sorted(p["clue"] for p in placements)
    assert [c.split(".")[0] for c in clues] == [str(n) for n in range(1, len(CLUES) + 1)]
    assert all(set(item.find_element(By.CLASS_NAME, "word").text) <= {"_", " "}
               for item in items)
    source = driver.page_source  # the words are not on the page ("Start again" is)
    assert not any(re.search(rf"\b{p['label']}\b", source) for p in placements)
    assert not axe(driver)  # fresh
    shot(driver, "play-clues-1280-fresh")
    click(driver, "#hint")
    hinted = driver.find_elements(By.CSS_SELECTOR, "#words li.hinted")
    assert len(hinted) == 1
    clue = hinted[0].find_element(By.CLASS_NAME, "clue").text.split(". ", 1)[1]
    # the hint names the clue, not the word
    assert text_of(driver, "say").startswith(f"Hint: the answer to “{clue}” starts at the "
                                             f"marked letter, row ")
    by_clue = {p["clue"]: p for p in placements}
    for n, item in enumerate(items, 1):
        clue = item.find_element(By.CLASS_NAME, "clue").text.split(". ", 1)[1]
        placement = by_clue[clue]
        start, end = ends(placement)
        ActionChains(driver).click_and_hold(cell(driver, start)).move_to_element(
            cell(driver, end)).release().perform()
        assert found(driver) == f"{n} of {len(CLUES)} found"
        assert item.find_element(By.CLASS_NAME, "word").text == placement["label"]
        assert item.get_attribute("aria-label") == f"{n}. {clue}: {placement['label']}, found"
        assert "found" in item.get_attribute("class")
    assert f"All {len(CLUES)} found in" in text_of(driver, "say")
    assert not axe(driver)  # finished
    shot(driver, "play-clues-1280-all-found")


@pytest.mark.slow
def test_clue_pages_at_phone_tablet_and_desktop_widths(server):
    """The play page with clues (answers shown) and the make page with a theme's
    clues put into the words box, at 390, 768 and 1280 px: nothing wider than the
    window, axe finds nothing."""
    made = make_puzzle(server, words=CLUES, seed="clues-widths", title="Space clues")
    for width in (390, 768, 1280):
        phone = width < 500
        driver = browser(width=width, height=844, phone=phone)
        try:
            play(driver, server + made["links"]["play"])
            assert overflow(driver) == 0
            shot(driver, f"play-clues-{width}", phone=phone)
            show_answers(driver)
            words = [w.text for w in driver.find_elements(By.CSS_SELECTOR, "#words .word")]
            assert sorted(words) == sorted(p["label"] for p in made["puzzle"]["words"])
            assert not axe(driver)
            shot(driver, f"play-clues-{width}-answers-shown", phone=phone)
            driver.get(server)
            wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#theme option")) > 1)
            driver.find_element(By.CSS_SELECTOR, "#theme option[value=animals]").click()
            click(driver, "#theme-clues")
            click(driver, "#use-theme")
            typed = wait(driver, lambda d: d.find_element(By.ID, "words").get_attribute("value"))
            lines = typed.splitlines()
            assert lines and all(": " in line for line in lines), lines
            wait(driver, lambda d: "ready" in text_of(d, "ready") or "12" in text_of(d, "ready"))
            assert overflow(driver) == 0
            assert not axe(driver)
            shot(driver, f"make-clues-{width}", phone=phone)
        finally:
            driver.quit()


@pytest.mark.slow
def test_the_make_page_makes_a_clue_puzzle_in_another_language(server, driver):
    driver.get(server)
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#theme option")) > 1)
    driver.find_element(By.ID, "words").send_keys("\n".join(
        ["perro: the dog", "gato: the cat", "caballo: the horse", "conejo: the rabbit"]))
    click(driver, "#more summary")
    driver.find_element(By.CSS_SELECTOR, "#language option[value=es]").click()
    driver.find_element(By.CSS_SELECTOR, "#clue_language option[value=en]").click()
    driver.find_element(By.ID, "generate").click()
    code = wait(driver, lambda d: text_of(d, "code"))
    assert code
    assert not axe(driver)
    shot(driver, "make-clues-made")


@pytest.mark.slow
def test_a_pictures_only_puzzle_plays_to_the_end_writing_each_word_beside_its_picture(
        server, driver):
    made = make_puzzle(server, words=["cow", "pig", "sheep", "horse", "duck"],
                       seed="pictures-play", title="Farm", pictures="only")
    placements = made["puzzle"]["words"]
    play(driver, server + made["links"]["play"])
    items = driver.find_elements(By.CSS_SELECTOR, "#words li")
    pictures = [item.find_element(By.CSS_SELECTOR, "img.picture") for item in items]
    assert len(pictures) == len(placements)
    assert all(p.get_attribute("src").startswith("data:image/svg+xml;base64,") for p in pictures)
    assert all(p.size["width"] >= 40 and p.get_property("naturalWidth") > 0 for p in pictures)
    assert all(item.find_element(By.CLASS_NAME, "word").text == "" for item in items)
    source = driver.page_source  # the words are not on the page
    assert not any(re.search(rf"\b{p['label']}\b", source) for p in placements)
    assert not axe(driver)  # fresh
    shot(driver, "play-pictures-1280-fresh")
    for n, placement in enumerate(placements, 1):
        trace(driver, placement)
        assert found(driver).startswith(f"{n} of {len(placements)}")
    written = sorted(w.text for w in driver.find_elements(By.CSS_SELECTOR, "#words .word"))
    assert written == sorted(p["label"] for p in placements)
    assert f"All {len(placements)} found in" in text_of(driver, "say")
    assert not axe(driver)  # finished
    shot(driver, "play-pictures-1280-all-found")
