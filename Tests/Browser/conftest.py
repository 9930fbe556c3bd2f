"""Fixtures for the recorder's browser test: the built `lookahead`, the page served by
`lookahead recorder --serve 0`, and a headless Chromium driven through chromedriver."""
import pathlib
import shutil
import subprocess
import sys

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "pytest_support"))
from lookahead_binary import lookahead  # noqa: E402,F401  (the shared fixture, found by pytest here)


@pytest.fixture(scope="session")
def served_page(lookahead):
    """The recorder served on 127.0.0.1 on a free port; its URL."""
    server = subprocess.Popen([str(lookahead), "recorder", "--serve", "0"], stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        assert "http://127.0.0.1:" in line, f"unexpected first line from recorder --serve: {line!r}"
        yield next(word for word in line.split() if word.startswith("http://"))
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture()
def download_folder(tmp_path):
    folder = tmp_path / "downloads"
    folder.mkdir()
    return folder


@pytest.fixture()
def browser(served_page, download_folder):
    """Headless Chromium (Debian's `chromium` and `chromium-driver`) on the served page."""
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    options = Options()
    options.binary_location = chromium
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1000,800"]:
        options.add_argument(argument)
    options.add_experimental_option("prefs", {
        "download.default_directory": str(download_folder), "download.prompt_for_download": False})
    driver = webdriver.Chrome(options=options, service=Service(driver_path))
    try:
        driver.get(served_page)
        yield driver
    finally:
        driver.quit()
