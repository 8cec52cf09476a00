"""End-to-end tests of the web page in headless Chromium (Debian's
`chromium` and `chromium-driver`, driven by Selenium's WebDriver client).

The built page (web/build.sh's folder, WEB_DIST) is served by a local
static server; answers are compared with the command line's
(SUDOKU_DLX_BIN, the `sudoku-dlx` binary). SCREENSHOTS names a folder to
save a picture of each screen in (docs/web/ keeps the committed ones).
Run by `.ci/run`; see docs/web.md.
"""

import functools
import json
import http.server
import os
import pathlib
import subprocess
import tempfile
import threading
import time

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = pathlib.Path(__file__).resolve().parents[2]
DIST = pathlib.Path(os.environ.get("WEB_DIST", ROOT / "web" / "dist"))
DATA = ROOT / "data"
# Searches in the page run in the worker; a loaded machine makes them slow,
# never wrong, so waits are generous.
WAIT = 120

MEDIUM = (DATA / "sudoku" / "emerentius_medium.txt").read_text().splitlines()[0].strip()
# A hard 9x9 pasted as a block of rows with box separators.
PASTED = """\
8 . . | . . . | . . .
. . 3 | 6 . . | . . .
. 7 . | . 9 . | 2 . .
------+-------+------
. 5 . | . . 7 | . . .
. . . | . 4 5 | 7 . .
. . . | 1 . . | . 3 .
------+-------+------
. . 1 | . . . | . 6 8
. . 8 | 5 . . | . 1 .
. 9 . | . . . | 4 . .
"""
PASTED_LINE = "".join(c for c in PASTED if c in ".123456789")


def cli_binary():
    given = os.environ.get("SUDOKU_DLX_BIN")
    if given:
        return given
    for folder in ("ci", "release", "debug"):
        path = ROOT / "target" / folder / "sudoku-dlx"
        if path.exists():
            return str(path)
    pytest.fail("no sudoku-dlx binary: build it or set SUDOKU_DLX_BIN")


def cli(*args, stdin=""):
    done = subprocess.run(
        [cli_binary(), *args], input=stdin, capture_output=True, text=True, timeout=600
    )
    assert done.returncode in (0, 1), done.stderr
    return done.stdout


@pytest.fixture(scope="session")
def server():
    assert (DIST / "index.html").exists(), f"build the page first: bash web/build.sh ({DIST})"
    handler = functools.partial(QuietHandler, directory=str(DIST))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    profile = tempfile.mkdtemp(prefix="sudoku-dlx-web-")
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        f"--user-data-dir={profile}",
        "--window-size=1100,1300",
    ):
        options.add_argument(flag)
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(service=service, options=options)
    yield driver
    driver.quit()


@pytest.fixture
def page(browser, server):
    browser.set_window_size(1100, 1300)
    browser.get(server)
    wait_text(browser, "engine-state", "Engine ready")
    # The first puzzle is loaded once the board has its cells.
    WebDriverWait(browser, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#board .cell"))
    return browser


def wait_text(driver, element, text, timeout=WAIT):
    WebDriverWait(driver, timeout).until(
        lambda d: text in d.find_element(By.ID, element).text,
        f"#{element} never said {text!r}",
    )
    return driver.find_element(By.ID, element).text


def click(driver, element):
    driver.find_element(By.ID, element).click()


def screenshot(driver, name):
    folder = os.environ.get("SCREENSHOTS")
    if folder:
        pathlib.Path(folder).mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(pathlib.Path(folder) / f"{name}.png"))


def paste(driver, text, variants=(), fmt="auto"):
    area = driver.find_element(By.ID, "puzzle-text")
    area.clear()
    driver.execute_script("arguments[0].value = arguments[1]", area, text)
    for box in driver.find_elements(By.CSS_SELECTOR, "#play-variants input"):
        if box.is_selected() != (box.get_attribute("value") in variants):
            box.click()
    Select(driver.find_element(By.ID, "puzzle-format")).select_by_value(fmt)
    click(driver, "load")
    wait_text(driver, "status", "Loaded")


def board_digits(driver, board="board"):
    return driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map(c => Number(c.dataset.digit))",
        f"#{board} .cell",
    )


def as_line(digits):
    return "".join(str(d) if d else "." for d in digits)


def test_solve_a_pasted_puzzle_as_the_cli_does(page):
    paste(page, PASTED)
    assert as_line(board_digits(page)) == PASTED_LINE
    click(page, "solve")
    wait_text(page, "status", "Solved")
    expected = cli("solve", stdin=PASTED_LINE + "\n").split()[0]
    assert as_line(board_digits(page)) == expected
    screenshot(page, "play-solved")


def test_check_points_at_a_wrong_digit(page):
    paste(page, MEDIUM)
    solution = cli("solve", stdin=MEDIUM + "\n").split()[0]
    blanks = [i for i, c in enumerate(MEDIUM) if c == "."]
    right, wrong = blanks[0], blanks[3]
    wrong_digit = str(int(solution[wrong]) % 9 + 1)
    cells = page.find_elements(By.CSS_SELECTOR, "#board .cell")
    cells[right].click()
    cells[right].send_keys(solution[right])
    cells[wrong].click()
    cells[wrong].send_keys(wrong_digit)
    click(page, "check")
    text = wait_text(page, "status", "is wrong")
    row, col = wrong // 9 + 1, wrong % 9 + 1
    assert text == f"Row {row}, column {col} is wrong."
    assert "wrong" in cells[wrong].get_attribute("class")
    assert "wrong" not in cells[right].get_attribute("class")
    # Undo takes the wrong digit back; check then finds nothing wrong.
    cells[wrong].send_keys(Keys.CONTROL, "z")
    click(page, "check")
    filled = 81 - len(blanks) + 1
    wait_text(page, "status", f"No wrong digit so far ({filled} of 81")
    screenshot(page, "play-check")


def test_five_hints_follow_the_explain_path(page):
    paste(page, MEDIUM)
    solution = cli("solve", stdin=MEDIUM + "\n").split()[0]
    for k in range(5):
        board = as_line(board_digits(page))
        click(page, "hint")
        text = wait_text(page, "status", "Hint: ")
        expected = cli("hint", stdin=f"{MEDIUM} {board}\n").strip()
        assert text == f"Hint: {expected}", f"hint {k + 1}"
        placed = page.find_elements(By.CSS_SELECTOR, "#board .cell.hl-place")
        assert len(placed) == 1
        if k == 4:
            screenshot(page, "play-hint")
        click(page, "apply-hint")
        wait_text(page, "status", "Applied")
        after = as_line(board_digits(page))
        changed = [i for i in range(81) if after[i] != board[i]]
        assert len(changed) == 1 and after[changed[0]] == solution[changed[0]]
    # The explain path: the board after five steps holds their placements.
    click(page, "explain")
    wait_text(page, "status", "steps")
    path = [
        line
        for line in cli("explain", "--guess", stdin=MEDIUM + "\n").splitlines()
        if line.split(". ", 1)[0].isdigit()
    ]
    assert len(path) > 5
    items = page.find_elements(By.CSS_SELECTOR, "#steps li")
    assert [i.text for i in items] == [line.split(". ", 1)[1] for line in path]
    for _ in range(5):
        click(page, "step-next")
    wait_text(page, "step-at", "Step 5 of")
    shown = as_line(board_digits(page))
    expected = list(MEDIUM)
    for line in path[:5]:
        for placement in line.split(": ", 1)[1].split(", "):
            if " = " not in placement:
                continue
            cell, digit = placement.split(" (")[0].split(" = ")
            r, c = cell[1:].split("c")
            expected[(int(r) - 1) * 9 + int(c) - 1] = digit
    assert shown == "".join(expected)
    screenshot(page, "play-explain")


@pytest.mark.parametrize("kind, flag", [("jigsaw", "--jigsaw"), ("killer", "--killer")])
def test_generate_has_one_solution(page, kind, flag):
    click(page, "tab-setter")
    Select(page.find_element(By.ID, "gen-kind")).select_by_value(kind)
    Select(page.find_element(By.ID, "gen-shape")).select_by_value("9")
    seed = page.find_element(By.ID, "gen-seed")
    seed.clear()
    seed.send_keys("11")
    click(page, "generate")
    status = wait_text(page, "gen-status", "rated")
    text = page.find_element(By.ID, "gen-text").get_attribute("value")
    args = ["count", "--limit", "2", "--format", "json"]
    if kind == "jigsaw":
        assert len(text.split()) == 2, text
        args.append("--jigsaw")
    else:
        assert "=" in text, text
        args.append("--killer")
    record = json.loads(cli(*args, stdin=text + "\n"))
    assert (record["count"], record["complete"]) == (1, True), record
    if kind == "killer":
        assert page.find_elements(By.CSS_SELECTOR, "#gen-overlay path.cage")
    assert "Seed 11" in status
    screenshot(page, f"setter-{kind}")
    click(page, "gen-play")
    wait_text(page, "status", "Loaded")
    assert as_line(board_digits(page)).count(".") < 81 or kind == "killer"


def cover_text(page, text):
    area = page.find_element(By.ID, "cover-text")
    page.execute_script("arguments[0].value = arguments[1]", area, text)


def test_count_a_dlx1_problem_and_cancel_a_long_one(page):
    click(page, "tab-cover")
    problem = (DATA / "exact-cover" / "langford-11.dlx").read_text()
    expected = cli("cover", "--count", "-j", "1", stdin=problem).strip()
    cover_text(page, problem)
    click(page, "cover-count")
    text = wait_text(page, "cover-status", "(DLX1)")
    assert text == f"{expected} solutions (DLX1)."
    # Knuth's example, listed by name.
    cover_text(page, (DATA / "exact-cover" / "knuth-example.dlx").read_text())
    click(page, "cover-list")
    wait_text(page, "cover-status", "The first 1 solution")
    listed = [li.text for li in page.find_elements(By.CSS_SELECTOR, "#cover-solutions li")]
    assert listed == ["A D | B G | C E F"]
    # A long count: progress moves, cancel stops it, the engine answers again.
    cover_text(page, (DATA / "exact-cover" / "pentominoes-6x10.dlx").read_text())
    click(page, "cover-count")
    wait_text(page, "cover-status", "so far")
    WebDriverWait(page, WAIT).until(
        lambda d: float(d.find_element(By.ID, "cover-progress").get_attribute("value")) > 0
    )
    screenshot(page, "cover-progress")
    click(page, "cover-cancel")
    wait_text(page, "cover-status", "Count cancelled.")
    assert not page.find_element(By.ID, "cover-job").is_displayed()
    cover_text(page, (DATA / "exact-cover" / "knuth-example.dlx").read_text())
    click(page, "cover-count")
    wait_text(page, "cover-status", "1 solution (DLX1).")


def test_phone_width_and_load_time(page, server):
    """Not a speed assertion: prints the load measurements for the docs."""
    page.set_window_size(390, 844)
    page.get(server)
    wait_text(page, "engine-state", "Engine ready")
    WebDriverWait(page, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#board .cell"))
    start = time.monotonic()
    timings = page.execute_script(
        """
        const nav = performance.getEntriesByType('navigation')[0];
        return {
          engineReadyMs: window.sudokuEngine.readyAt,
          domContentLoadedMs: nav.domContentLoadedEventEnd,
          boardDrawnMs: window.sudokuBoardDrawnAt,
        };
        """
    )
    print(f"\nweb page timings: {timings} ({time.monotonic() - start:.3f}s to read them)")
    width, visible = page.execute_script(
        "const e = document.documentElement; return [e.scrollWidth, e.clientWidth]"
    )
    assert width <= visible, f"the page scrolls sideways at phone width ({width} > {visible}px)"
    screenshot(page, "phone")


def test_big_shapes_are_drawn_and_played_with_letters(page):
    sixteen = next(
        line.split()[0]
        for line in (DATA / "sudoku" / "janko_16x16.txt").read_text().splitlines()
        if line and not line.startswith("#")
    )
    paste(page, sixteen)
    assert len(board_digits(page)) == 256
    assert len(page.find_elements(By.CSS_SELECTOR, "#pad button")) == 16
    paste(page, "." * 625)
    cells = page.find_elements(By.CSS_SELECTOR, "#board .cell")
    assert len(cells) == 625
    cells[0].click()
    cells[0].send_keys("p")  # P, the 25th symbol: a digit here, not the pencil key
    assert board_digits(page)[0] == 25
    assert cells[0].get_attribute("aria-label") == "row 1 column 1: P"


def svg_texts(svg):
    """The text of every <text> element of an SVG document, in order."""
    import xml.etree.ElementTree as ElementTree

    return [t.text or "" for t in ElementTree.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")]


def test_print_screen_draws_the_cli_sheet_and_downloads_its_pdf(page, tmp_path):
    # A puzzle from the setter's generator, then a pasted one.
    click(page, "tab-setter")
    Select(page.find_element(By.ID, "gen-kind")).select_by_value("classic")
    Select(page.find_element(By.ID, "gen-shape")).select_by_value("9")
    seed = page.find_element(By.ID, "gen-seed")
    seed.clear()
    seed.send_keys("5")
    click(page, "generate")
    wait_text(page, "gen-status", "rated")
    generated = page.find_element(By.ID, "gen-text").get_attribute("value")
    click(page, "gen-print")
    click(page, "tab-print")
    area = page.find_element(By.ID, "print-text")
    area.send_keys(PASTED_LINE + "\n")
    sheet = area.get_attribute("value")
    assert sheet.split() == [generated, PASTED_LINE]
    title = page.find_element(By.ID, "print-title")
    title.clear()
    title.send_keys("Week 1")
    Select(page.find_element(By.ID, "print-per-page")).select_by_value("4")
    click(page, "print-preview")
    wait_text(page, "print-status", "2 puzzles on 2 pages")
    svgs = page.execute_script(
        "return [...document.querySelectorAll('#print-pages svg')].map(s => s.outerHTML)"
    )
    assert len(svgs) == 2
    # The first grid's digits are the generated puzzle's givens, in row order.
    drawn = page.execute_script(
        "return [...document.querySelector('#print-pages svg g[fill=black]').querySelectorAll('text')]"
        ".map(t => t.textContent)"
    )
    assert drawn == [c for c in generated if c not in ".0"]
    # The same sheet as `sudoku-dlx print`: every page's text, in order.
    for number, svg in enumerate(svgs, 1):
        expected = cli(
            "print", "--output", "-", "--type", "svg", "--per-page", "4", "--solutions",
            "--title", "Week 1", "--page", str(number), stdin=sheet,
        )
        assert svg_texts(svg) == svg_texts(expected), f"page {number}"
    screenshot(page, "print")
    # The PDF, made in the worker by the library's PDF module.
    click(page, "print-pdf")
    wait_text(page, "print-status", "made and downloaded")
    pdf = bytes(
        page.execute_async_script(
            """
            const done = arguments[arguments.length - 1];
            fetch(document.getElementById('print-link').href)
              .then((r) => r.arrayBuffer())
              .then((b) => done([...new Uint8Array(b)]));
            """
        )
    )
    assert pdf.startswith(b"%PDF-")
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf)
    text = subprocess.run(
        ["pdftotext", "-raw", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    digits = "".join(c for c in text if c.isdigit())
    for puzzle in (generated, PASTED_LINE):
        assert "".join(c for c in puzzle if c not in ".0") in digits
    assert "Week 1" in text and "Solutions" in text
    cli_pdf = tmp_path / "cli.pdf"
    cli(
        "print", "--output", str(cli_pdf), "--per-page", "4", "--solutions",
        "--title", "Week 1", stdin=sheet,
    )
    cli_text = subprocess.run(
        ["pdftotext", "-raw", str(cli_pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    # Not the bytes: the embedded font subset's tag differs from run to run,
    # and the page embeds its glyphs from a cut-down DejaVu Sans
    # (web/pdf/src/lib.rs), so its PDF is a little smaller.
    assert text == cli_text, "the page and the command line make the same PDF text"

    def info(tool: str, pdf_path: pathlib.Path) -> list[str]:
        return subprocess.run(
            [tool, str(pdf_path)], capture_output=True, text=True, check=True
        ).stdout.splitlines()

    pages = [[l for l in info("pdfinfo", p) if l.startswith("Pages:")] for p in (path, cli_pdf)]
    assert pages[0] and pages[0] == pages[1], pages
    fonts = info("pdffonts", path)[2:]
    assert fonts and all("DejaVuSans" in f and " yes " in f for f in fonts), fonts


# The 17-clue puzzle of web/src/counting.rs without its first two clues:
# many solutions, counted in pieces that each take a moment.
COUNTED = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
# Three givens fewer: 18,084,492 solutions, about 12 s for the command line
# (`count --jobs 1`) and longer in the page, so that the count is still
# running when the test cancels it (with two fewer, 910,776 solutions, it
# could end before the click under load, and the test failed).
COUNTED_OPEN = COUNTED.replace("1", ".", 1).replace("2", ".", 1).replace("3", ".", 1)


def test_count_progress_advances_and_cancel_stops_it(page):
    paste(page, COUNTED_OPEN)
    limit = page.find_element(By.ID, "count-limit")
    limit.clear()
    limit.send_keys("0")
    click(page, "count")
    wait_text(page, "status", "so far")
    progress = lambda d: float(d.find_element(By.ID, "play-progress").get_attribute("value") or 0)
    WebDriverWait(page, WAIT).until(lambda d: progress(d) > 0)
    first = progress(page)
    WebDriverWait(page, WAIT).until(lambda d: progress(d) > first)
    assert progress(page) < 1
    cancel = page.find_element(By.ID, "play-cancel")
    page.execute_script("arguments[0].scrollIntoView(); arguments[0].click()", cancel)
    wait_text(page, "status", "Count cancelled.")
    assert not page.find_element(By.ID, "play-job").is_displayed()
    # The engine answers again: the puzzle itself has one solution.
    paste(page, COUNTED)
    click(page, "count")
    wait_text(page, "status", "1 solution.")
