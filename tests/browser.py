"""Driving Debian's chromium, headless, through Selenium and Debian's chromium-driver
(install.sh installs both) against a real `wordsearch serve`: the browser, waits,
screenshots, printing to PDF, and axe-core's accessibility check."""
import base64
import os
import sys
import zipfile
from functools import cache
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

CHROMIUM, DRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
# Where install.sh downloads the wheel that carries axe.min.js.
AXE_WHEEL = "axe_playwright_python-0.1.8-py3-none-any.whl"
AXE_FILE = "axe_playwright_python/axe.min.js"
PHONE, TABLET, DESKTOP = (390, 844), (768, 1024), (1280, 900)
# Where every page state's screenshot goes, to be looked at (README: Development).
SCREENSHOTS = Path(__file__).resolve().parent.parent / "screenshots"


def browser(downloads=None, width=1280, height=900, phone=False, language=None):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}"):
        options.add_argument(argument)
    if language:
        options.add_argument(f"--lang={language}")
        options.add_experimental_option("prefs", {"intl.accept_languages": language})
    if phone:
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": width, "height": height, "pixelRatio": 2, "touch": True},
            "userAgent": "Mozilla/5.0 (Linux; Android 14) Mobile"})
    if downloads is not None:
        options.add_experimental_option("prefs", {"download.default_directory": str(downloads),
                                                  "download.prompt_for_download": False})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(DRIVER))
    if not phone:  # a headless window is at least 500 px wide: narrower needs emulation
        metrics(driver, width, height)
    return driver


def metrics(driver, width, height, phone=False):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 2 if phone else 1,
        "mobile": phone})


def shot(driver, name, phone=False, whole=True):
    """A screenshot into $WORDSEARCH_SCREENSHOTS (else SCREENSHOTS): the whole page, or
    with `whole` False what the window shows."""
    folder = Path(os.environ.get("WORDSEARCH_SCREENSHOTS") or SCREENSHOTS)
    folder.mkdir(parents=True, exist_ok=True)
    if whole:
        width, height = driver.execute_script(
            "return [window.innerWidth, document.documentElement.scrollHeight]")
        metrics(driver, width, min(height, 4000), phone)
    driver.save_screenshot(str(folder / f"{name}.png"))


def wait(driver, condition, seconds=20):
    return WebDriverWait(driver, seconds).until(lambda d: condition(d))


def click(driver, target):
    """A click where a person would make it: the element (or the CSS selector's) in the
    middle of the window; Selenium scrolls it only to the foot, where a bar that stays
    at the foot of the window (the make page's Generate) would take the click."""
    element = driver.find_element(By.CSS_SELECTOR, target) if isinstance(target, str) else target
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def text_of(driver, id):
    return driver.find_element(By.ID, id).text


@cache
def axe_script() -> str:
    wheel = Path(sys.prefix) / "wheels" / AXE_WHEEL
    assert wheel.is_file(), f"{wheel} is missing: install.sh downloads it"
    with zipfile.ZipFile(wheel) as archive:
        return archive.read(AXE_FILE).decode("utf-8")


def axe(driver) -> list[dict]:
    """axe-core's violations on the page as it is now (WCAG 2.2 A and AA, and best
    practice), each with the nodes at fault."""
    driver.execute_script(axe_script())
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations),"
        " e => done([{id: 'axe failed', help: String(e), nodes: []}]));")
    return [{"id": v["id"], "help": v["help"],
             "nodes": [n["target"] for n in v["nodes"]][:5]} for v in result]


def print_to_pdf(driver, paper: tuple[float, float] | None = None) -> bytes:
    """What the browser's Print gives, saved as PDF: on `paper` (inches), or on the
    size the page's CSS asks for."""
    options = {"printBackground": True, "preferCSSPageSize": paper is None}
    if paper:
        options.update(paperWidth=paper[0], paperHeight=paper[1], marginTop=0.4,
                       marginBottom=0.4, marginLeft=0.4, marginRight=0.4)
    return base64.b64decode(driver.execute_cdp_cmd("Page.printToPDF", options)["data"])
