"""Phone pages in headless Chromium (issue #29), for the tests and tools/bench_phone.py.

Debian's ``chromium`` and ``chromedriver`` driven by selenium: :func:`missing` says why
they cannot run here (the tests skip with that reason), :func:`open_phone` opens a page
at a phone's size and language, :func:`tap_twice` makes a choice as a person does (a
first tap picks it, a second confirms it).
"""

from __future__ import annotations

import shutil
from typing import Any

CHROMIUM = ("chromium", "chromium-browser")
DRIVER = "chromedriver"
PAGE_WAIT_S = 15.0


def binaries() -> tuple[str | None, str | None]:
    browser = next((found for name in CHROMIUM if (found := shutil.which(name))), None)
    return browser, shutil.which(DRIVER)


def missing() -> str | None:
    """Why the phone page cannot be tested in a browser here, or None."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    browser, driver = binaries()
    if browser is None or driver is None:
        return (
            "chromium and chromedriver are not installed (apt-get install chromium chromium-driver)"
        )
    return None


def open_phone(url: str | None, width: int, height: int, lang: str = "en") -> Any:
    """A headless Chromium as a phone of ``width`` x ``height`` CSS pixels whose language
    is ``lang``, at ``url`` (None: blank)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    browser, driver_path = binaries()
    options = Options()
    options.binary_location = browser or ""
    for arg in (
        "--headless=new",
        "--no-sandbox",  # CI runs as root
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--disable-extensions",
        "--disable-background-networking",
        f"--lang={lang}",
        f"--window-size={width},{height}",
    ):
        options.add_argument(arg)
    options.add_experimental_option("prefs", {"intl.accept_languages": lang})
    driver = webdriver.Chrome(service=Service(driver_path or DRIVER), options=options)
    driver.set_page_load_timeout(PAGE_WAIT_S)
    driver.set_script_timeout(PAGE_WAIT_S)
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True},
    )
    driver.execute_cdp_cmd("Emulation.setLocaleOverride", {"locale": lang})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True})
    if url is not None:
        driver.get(url)
    return driver


def choices(driver: Any) -> list[Any]:
    """The page's targets for the seat's legal actions now: playable cards, the places
    and facing arrows of Duck's small board, the pieces on Verflixxt!'s strip, the holes
    of Cluck-peep!'s start row and the dice of Eight Routes' lid (issue #39), buttons."""
    from selenium.webdriver.common.by import By

    return driver.find_elements(
        By.CSS_SELECTOR,
        ".card.playable, #board .spot, #board .face, #board .piece.playable, #board .hole,"
        " #board .die.playable, #choices button",
    )


def tap_twice(driver: Any, element: Any) -> None:
    """A choice as a person makes it: picked by a tap, confirmed by a second. The page
    draws itself again after the first tap, so the second finds the target anew."""
    from selenium.webdriver.common.by import By

    card = element.get_attribute("data-card")
    action = element.get_attribute("data-action")
    element.click()
    if card is not None:
        again = driver.find_element(By.CSS_SELECTOR, f'.card.playable[data-card="{card}"]')
    else:
        again = driver.find_element(By.CSS_SELECTOR, f'#choices button[data-action="{action}"]')
    again.click()


def tap_spot(driver: Any, spot: str, face: str | None = None) -> bool:
    """A place on Duck's small board as a person chooses it (issue #39): the place
    tapped, then an arrow around it (``face``, or the first); a place without a facing
    (a knocked duck's) is tapped again to confirm."""
    from selenium.webdriver.common.by import By

    driver.find_element(By.CSS_SELECTOR, f'#board .spot[data-spot="{spot}"]').click()
    arrows = driver.find_elements(By.CSS_SELECTOR, "#board .face")
    if face is not None:
        arrows = [a for a in arrows if a.get_attribute("data-face") == face]
    if arrows:
        arrows[0].click()
    else:
        driver.find_element(By.CSS_SELECTOR, f'#board .spot[data-spot="{spot}"]').click()
    return True


def make_choice(driver: Any) -> bool:
    """Make the first choice the page offers, as a person would: a Verflixxt! card with
    several plays is tapped once to put its pieces on the strip, then the first of them
    is tapped twice.
    False when the page offers none, or when it drew itself again under the taps (a
    message came between finding a target and tapping it: on a loaded machine that is
    often); the callers look at the page again and choose anew (issue #37)."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException

    try:
        return _make_choice(driver)
    except (StaleElementReferenceException, NoSuchElementException):
        return False


def _make_choice(driver: Any) -> bool:
    from selenium.webdriver.common.by import By

    found = choices(driver)
    if not found:
        return False
    first = found[0]
    kind = first.get_attribute("class") or ""
    if "face" in kind.split():
        first.click()  # a facing arrow sends the choice
        return True
    if "spot" in kind.split():
        return tap_spot(driver, first.get_attribute("data-spot"))
    if "piece" in kind.split() or "hole" in kind.split():  # Verflixxt!'s strip, Cluck-peep!'s
        action = first.get_attribute("data-action")  # start row: picked, then confirmed
        first.click()
        driver.find_element(By.CSS_SELECTOR, f'#board [data-action="{action}"]').click()
        return True
    if "die" in kind.split():  # Eight Routes' lid: a die, then how many of it (two taps)
        first.click()
        ways = driver.find_elements(By.CSS_SELECTOR, "#choices button")
        if not ways:
            return False
        tap_twice(driver, ways[0])
        return True
    plays = first.get_attribute("data-plays")
    if plays is not None and int(plays) > 1:
        first.click()  # the pieces the card may move are on the strip now (issue #39)
        pieces = driver.find_elements(By.CSS_SELECTOR, "#board .piece.playable")
        if not pieces:
            return False
        action = pieces[0].get_attribute("data-action")
        pieces[0].click()  # picked (the tile it reaches marked), then confirmed
        driver.find_element(By.CSS_SELECTOR, f'#board .piece[data-action="{action}"]').click()
        return True
    tap_twice(driver, first)
    return True


def state(driver: Any) -> dict[str, Any]:
    """What the page holds: its seat, whether its line is up, the legal actions."""
    result = driver.execute_script(
        "var p = window.DerbyPhone && window.DerbyPhone.page;"
        "return p ? {seat: p.seat, line: !!(p.ws && p.ws.readyState === 1), legal: p.legal,"
        " sending: p.sending, shown: window.derbyHandShown || null,"
        " sent: window.derbySentEpoch || null} : null;"
    )
    return result if isinstance(result, dict) else {}


# a hex's axial coordinates as the rules' notation writes them ("-1,4"): issue #39 says
# no text on a phone page has one (tests/test_phone_labels.py checks every choice text)
COORDINATE = r"-?\d+\s*[,，、]\s*-?\d+"


def coordinates(driver: Any) -> list[str]:
    """Every coordinate in the page's text now (its visible text, aria-labels, titles)."""
    import re

    text = driver.execute_script(
        "var t = [document.body.innerText];"
        "document.querySelectorAll('[aria-label], [title]').forEach(function (n) {"
        " t.push(n.getAttribute('aria-label') || '', n.getAttribute('title') || ''); });"
        "return t.join('\\n');"
    )
    return re.findall(COORDINATE, str(text or ""))
