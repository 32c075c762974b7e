"""The make page (static/make.*) as a teacher meets it, in a real browser against a
real `wordsearch serve`: the result in view after Generate on a phone and a desktop,
words checked against the chosen grid as they are typed, themes, the words a hidden
message adds shown before printing, an uploaded shape's preview, Print giving one
page for the puzzle and one for the key, the page in the teacher's language, and
axe-core finding nothing in any state. Screenshots of each state go to
$WORDSEARCH_SCREENSHOTS (README: "Screenshots")."""
import json
import re
import urllib.request
from importlib import resources

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browser import (DESKTOP, PHONE, TABLET, axe, browser, click, print_to_pdf, shot, text_of,
                     wait)
from conftest import pdf_info, serve

FRUIT = ["apple", "banana", "cherry", "grape", "lemon", "mango", "peach", "pear", "plum",
         "kiwi", "orange", "melon"]
SIZES = {"phone": PHONE, "tablet": TABLET, "desktop": DESKTOP}
INCHES = {"letter": (8.5, 11), "a4": (8.27, 11.69)}
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    process, url = serve(tmp_path_factory.mktemp("served"), "--workers", "1")
    yield url
    process.terminate()
    process.wait(10)


def page(server, size="desktop", language="en", path="/"):
    width, height = SIZES[size]
    driver = browser(width=width, height=height, phone=size == "phone", language=language)
    driver.get(server + path)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#gallery input"))
    return driver


def type_words(driver, words):
    box = driver.find_element(By.ID, "words")
    box.clear()
    box.send_keys("\n".join(words))


def generate(driver):
    driver.find_element(By.ID, "generate").click()
    wait(driver, lambda d: d.find_element(By.ID, "result").is_displayed()
         or d.find_element(By.ID, "error").is_displayed(), 40)


def top_in_view(driver, id):
    top, height = driver.execute_script(
        f"return [document.getElementById('{id}').getBoundingClientRect().top, innerHeight]")
    return 0 <= top < height


def no_violations(driver, state):
    found = axe(driver)
    assert not found, f"{state}: {json.dumps(found, indent=1)}"


def shown_puzzle(driver, server):
    pdf = driver.find_element(By.ID, "pdf").get_attribute("href")
    with urllib.request.urlopen(pdf.removesuffix(".pdf") + ".json") as answer:
        return json.load(answer)


@pytest.mark.parametrize("size", ["phone", "tablet", "desktop"])
def test_the_result_is_in_view_and_announced_once_with_no_axe_violation(server, size):
    driver = page(server, size)
    try:
        shot(driver, f"make-{size}-empty", phone=size == "phone", whole=False)
        no_violations(driver, "empty")
        assert len(driver.find_elements(
            By.CSS_SELECTOR, "[aria-live], [role=status], [role=alert]")) == 1
        type_words(driver, FRUIT)
        wait(driver, lambda d: text_of(d, "ready") == "12 words ready")
        generate(driver)
        wait(driver, lambda d: d.execute_script(
            "const i = document.getElementById('sheet'); return i.complete && i.naturalWidth"))
        assert top_in_view(driver, "result")
        if size != "desktop":  # below the form: moved to the top of the window
            assert abs(driver.execute_script(
                "return document.getElementById('preview').getBoundingClientRect().top")) < 2
        status = driver.find_element(By.ID, "status").get_attribute("textContent")
        assert status.startswith("Your puzzle: 12 words, grid ")
        assert driver.find_element(By.ID, "result-heading").text in status
        shot(driver, f"make-{size}-result", phone=size == "phone", whole=False)
        no_violations(driver, "result")
    finally:
        driver.quit()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_word_too_long_for_the_grid_is_marked_as_typed_and_a_failure_removes_the_old_puzzle(
        server, size):
    driver = page(server, size)
    try:
        type_words(driver, FRUIT[:6])
        Select(driver.find_element(By.ID, "grid")).select_by_value("8")
        generate(driver)
        assert driver.find_element(By.ID, "sheet").is_displayed()
        driver.find_element(By.ID, "words").send_keys("\nextraordinarily")
        wait(driver, lambda d: "Line 7, “extraordinarily”: 15 letters do not fit" in
             text_of(d, "lines"))
        assert driver.find_element(By.ID, "words").get_attribute("aria-invalid") == "true"
        assert text_of(driver, "ready") == "6 words ready · 1 line to fix"
        generate(driver)
        assert driver.find_element(By.ID, "error").is_displayed()
        assert not driver.find_element(By.ID, "result").is_displayed()
        assert '"extraordinarily" (15 letters) is longer than the 8×8 grid' in \
            text_of(driver, "error-text")
        assert top_in_view(driver, "error")
        shot(driver, f"make-{size}-error", phone=size == "phone", whole=False)
        no_violations(driver, "error")
    finally:
        driver.quit()


def test_a_theme_is_chosen_drawn_and_edited(server):
    driver = page(server)
    try:
        driver.find_element(By.ID, "use-theme").click()
        assert text_of(driver, "theme-note") == "Choose a theme first."
        Select(driver.find_element(By.ID, "theme")).select_by_value("animals")
        count = driver.find_element(By.ID, "theme-count")
        count.clear()
        count.send_keys("8")
        driver.find_element(By.ID, "use-theme").click()
        drawn = driver.find_element(By.ID, "words").get_attribute("value").split("\n")
        animals = json.loads(resources.files("wordsearch.lang").joinpath(
            "data", "en.themes.json").read_text())["animals"]
        assert len(drawn) == 8 and set(drawn) <= set(animals["words"])
        assert driver.find_element(By.ID, "title").get_attribute("value") == animals["title"]
        assert text_of(driver, "theme-note") == \
            f"8 words from {animals['title']} are in the list: change them as you like."
        driver.find_element(By.ID, "words").send_keys("\nunicorn")
        wait(driver, lambda d: text_of(d, "ready") == "9 words ready")
        generate(driver)
        labels = {w["word"] for w in shown_puzzle(driver, server)["words"]}
        assert "UNICORN" in labels and len(labels) == 9
    finally:
        driver.quit()


def test_the_words_a_message_adds_are_listed_before_printing(server):
    driver = page(server)
    try:
        type_words(driver, FRUIT)
        click(driver, "#more summary")
        driver.find_element(By.ID, "message").send_keys("Well done class")
        generate(driver)
        # As the teacher reads them: the label ("Yo-yo"), not the folded form (YOYO).
        added = [w["label"] for w in shown_puzzle(driver, server)["words"] if w.get("added")]
        assert added, "this message needs room: words are added"
        text = text_of(driver, "added-text")
        assert f"{len(added)} words were added" in text
        assert all(word.lower() in text.lower() for word in added)
        shot(driver, "make-desktop-added-words", whole=False)
        no_violations(driver, "added words")
        driver.find_element(By.ID, "own-words").click()
        wait(driver, lambda d: not d.find_element(By.ID, "generate").get_attribute("disabled"))
        if driver.find_element(By.ID, "result").is_displayed():
            assert not any(w.get("added") for w in shown_puzzle(driver, server)["words"])
            assert not driver.find_element(By.ID, "added").is_displayed()
        else:  # the library's reason (lengths that would fit), and adding is back on
            assert re.search(r"\d", text_of(driver, "error-text"))
            assert "Adding words is switched back on" in text_of(driver, "error-text")
            assert driver.find_element(By.CSS_SELECTOR, "input[name=room][value=added]") \
                .is_selected()
    finally:
        driver.quit()


def test_an_uploaded_shape_is_previewed_and_chosen(server):
    driver = page(server)
    try:
        click(driver, "#more summary")
        heart = resources.files("wordsearch").joinpath("masks", "heart.png")
        driver.find_element(By.ID, "upload").send_keys(str(heart))
        preview = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#shape-preview img"))
        wait(driver, lambda d: preview.is_displayed() and preview.size["height"] > 50)
        chosen = driver.find_element(By.CSS_SELECTOR, "#gallery input:checked")
        assert chosen.get_attribute("value").startswith("upload:")
        tile = chosen.find_element(By.XPATH, "..").find_element(By.TAG_NAME, "img")
        assert tile.get_attribute("src").startswith("data:image/svg+xml")
        assert "Your shape:" in text_of(driver, "upload-note")
        shot(driver, "make-desktop-upload")
        no_violations(driver, "uploaded shape")
    finally:
        driver.quit()


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_print_gives_the_puzzle_and_its_key_one_page_each_on_letter_and_a4(server, paper):
    driver = page(server)
    try:
        type_words(driver, FRUIT)
        click(driver, "#more summary")
        Select(driver.find_element(By.ID, "page_size")).select_by_value(paper)
        generate(driver)
        driver.execute_script("window.print = () => { window.printed = true; };")
        driver.find_element(By.ID, "print").click()
        wait(driver, lambda d: d.execute_script("return window.printed"))
        for printer in (None, *INCHES.values()):  # the sheet's own size, then each paper
            pdf = print_to_pdf(driver, printer)
            assert re.search(r"Pages:\s+2\n", pdf_info(pdf)), (paper, printer)
        width, height = (float(n) for n in re.search(
            r"Page size:\s+([\d.]+) x ([\d.]+)", pdf_info(print_to_pdf(driver))).groups())
        assert (round(width / 72, 1), round(height / 72, 1)) == \
            tuple(round(n, 1) for n in INCHES[paper])
    finally:
        driver.quit()


def test_a_class_set_from_the_page_and_a_blank_copies_named_as_blank(server):
    driver = page(server, "phone")
    try:
        type_words(driver, FRUIT[:6])
        click(driver, "#set-box summary")
        copies = driver.find_element(By.ID, "copies")
        copies.clear()
        driver.find_element(By.ID, "make-set").click()
        assert "Copies is blank" in text_of(driver, "set-status")
        copies.send_keys("4")
        driver.find_element(By.ID, "make-set").click()
        link = wait(driver, lambda d: d.find_elements(By.ID, "set-pdf"), 60)[0]
        assert text_of(driver, "set-status").startswith("4 puzzles made, code ")
        with urllib.request.urlopen(link.get_attribute("href")) as answer:
            assert answer.read(5) == b"%PDF-"
        shot(driver, "make-phone-class-set", phone=True, whole=False)
        no_violations(driver, "class set")
    finally:
        driver.quit()


def test_the_page_speaks_the_browsers_language_and_switches(server):
    driver = page(server, language="es")
    try:
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "es"
        assert Select(driver.find_element(By.ID, "language")).first_selected_option \
            .get_attribute("value") == "es"
        assert driver.find_element(By.ID, "fields").get_attribute("value") == "Nombre, Fecha"
        english = json.loads(resources.files("wordsearch.lang").joinpath(
            "data", "ui", "en.json").read_text())
        labels = [label.text for label in driver.find_elements(By.TAG_NAME, "label")
                  if label.text]
        assert labels and not set(labels) & {english["make.words"], english["make.grid"],
                                             english["make.title"]}
        click(driver, "#more summary")
        driver.find_element(By.ID, "upload").send_keys(
            str(resources.files("wordsearch").joinpath("fonts", "README.md")))
        wait(driver, lambda d: text_of(d, "upload-note").startswith(
            "Esta imagen no se puede usar: “"))
        shot(driver, "make-desktop-spanish", whole=False)
        no_violations(driver, "Spanish")
        type_words(driver, ["sol", "luna"])
        Select(driver.find_element(By.ID, "ui-lang")).select_by_value("de")
        driver.find_element(By.CSS_SELECTOR, ".ui-lang button").click()
        # read in one step: the old page's element goes stale as the new one loads
        wait(driver, lambda d: d.execute_script("return document.documentElement.lang") == "de")
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#gallery input"))
        assert driver.find_element(By.ID, "words").get_attribute("value") == "sol\nluna"
        assert Select(driver.find_element(By.ID, "language")).first_selected_option \
            .get_attribute("value") == "es"  # the words' language stays the words'

    finally:
        driver.quit()


def test_a_changed_choice_marks_the_puzzle_out_of_date_and_no_direction_is_refused_on_the_page(
        server):
    driver = page(server)
    try:
        type_words(driver, FRUIT[:5])
        generate(driver)
        assert not driver.find_element(By.ID, "stale").is_displayed()
        click(driver, "input[name=age][value='5-7']")
        assert "changed since this puzzle was made" in text_of(driver, "stale")
        for box in driver.find_elements(By.CSS_SELECTOR, "input[name=direction]"):
            if box.is_selected():
                click(driver, box)
        wait(driver, lambda d: text_of(d, "ready") ==
             "Tick at least one direction the words may run in.")
        generate(driver)
        assert text_of(driver, "error-text") == \
            "Tick at least one direction the words may run in."
        assert not driver.find_element(By.ID, "result").is_displayed()
        no_violations(driver, "no direction")
    finally:
        driver.quit()


def test_the_teacher_gets_the_key_and_copies_the_pupils_link_with_show_answers_off(server):
    driver = page(server)
    try:
        type_words(driver, FRUIT[:6])
        click(driver, "#more summary")
        box = driver.find_element(By.ID, "show_answers")
        assert box.is_selected()  # on by default
        click(driver, "#show_answers")
        generate(driver)
        pdf = driver.find_element(By.ID, "pdf").get_attribute("href")
        play = driver.find_element(By.ID, "play").get_attribute("href")
        teacher = driver.find_element(By.ID, "teacher").get_attribute("href")
        assert pdf.startswith(f"{server}/t/") and pdf.endswith(".pdf")
        assert play.startswith(f"{server}/p/") and teacher == pdf.removesuffix(".pdf")
        assert re.search(r"Pages:\s+2\n", pdf_info(urllib.request.urlopen(pdf).read()))
        click(driver, "input[name=view][value=key]")
        assert "/t/" in driver.find_element(By.ID, "sheet").get_attribute("src")
        assert "/t/" in driver.find_element(By.ID, "print-key").get_attribute("src")
        assert "/p/" in driver.find_element(By.ID, "print-puzzle").get_attribute("src")
        click(driver, "#copy-pupil")
        wait(driver, lambda d: d.find_element(By.ID, "copied").is_displayed()
             or d.find_element(By.ID, "pupil-link").is_displayed())
        if driver.find_element(By.ID, "copied").is_displayed():
            assert play in text_of(driver, "copied")
        else:  # no clipboard here: the link in a field, selected, to copy by hand
            field = driver.find_element(By.ID, "pupil-link")
            assert field.get_attribute("value") == play
            assert driver.switch_to.active_element == field
        no_violations(driver, "pupil link")
        driver.get(play)
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#grid .cell"))
        assert not driver.find_elements(By.ID, "show")
        assert "/t/" not in driver.page_source and ".json" not in driver.page_source
    finally:
        driver.quit()
