#!/usr/bin/python3
"""Checks a written `lawcheck report`, independently of the C++ that wrote it.

  report_html_check.py layout DIR    the dashboard comes first (report.md and index.html: the first
                                     heading after the title is "Dashboard", before section 1),
                                     every #link of index.html has its id, and index.html holds one
                                     <span class="tex"> per formula of report.md
  report_html_check.py browser DIR LAWCHECK
                                     opens index.html in headless Chromium with the network blocked,
                                     at 1280x800, and checks in the DOM: one class="katex" per formula
                                     of report.md and no class="katex-error"; the page no wider than
                                     the window (the widest element that sticks out is named); a
                                     PASS/FAIL verdict in the dashboard's row of every law that
                                     `LAWCHECK laws --json` registers, inside the first screen, and
                                     a PASS/FAIL link in the dashboard to every study's section (the
                                     numbered sections but the benchmark files and the claims
                                     ledger); no word of a table cell broken across lines (the
                                     layout's line boxes, character by character); every plot at
                                     least 640 px wide. Then writes the first screen to
                                     DIR/first-screen.png.
Exit 0 pass, 1 fail (each failure printed), 77 (ctest's SKIP) if chromium is not installed.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile


def md_formulas(md):
    """Formulas of report.md: $$...$$ and $...$ outside code spans and fences; \\$ is no delimiter."""
    md = re.sub(r"```.*?```", "", md, flags=re.S)
    md = re.sub(r"`[^`\n]*`", "", md)
    md = md.replace("\\$", "")
    display = re.findall(r"\$\$.+?\$\$", md, flags=re.S)
    md = re.sub(r"\$\$.+?\$\$", "", md, flags=re.S)
    inline = re.findall(r"\$[^$\n]+\$", md)
    rest = md.count("$") - 2 * len(inline)
    return len(display) + len(inline), rest


def layout(d, md, html):
    failures = []
    headings = re.findall(r"^(#+) (.*)$", md, flags=re.M)
    print("report.md headings 1..4:", headings[:4])
    if len(headings) < 2 or headings[0][1] != "lawcheck report" or headings[1][1] != "Dashboard":
        failures.append("report.md: the first heading after the title is not the Dashboard")
    first_section = next((i for i, h in enumerate(headings) if h[1].startswith("1. ")), None)
    if first_section is None or first_section < 2:
        failures.append("report.md: no section 1 after the dashboard")
    html_heads = re.findall(r'<h([1-6]) id="([^"]*)">', html)
    print("index.html headings 1..4:", html_heads[:4])
    if len(html_heads) < 2 or html_heads[1][1] != "dashboard":
        failures.append("index.html: the first heading after the title is not the dashboard")
    ids = set(re.findall(r'\bid="([^"]+)"', html))
    links = set(re.findall(r'href="#([^"]*)"', html))
    missing = sorted(links - ids)
    print(f"{len(links)} distinct #links, {len(missing)} without a target")
    if missing or not links:
        failures.append(f"index.html: links without a target: {missing}")
    dash = html[html.find('id="dashboard"'):html.find('id="' + html_heads[2][1] + '"') if len(html_heads) > 2 else None]
    for what in ('href="#1-dissipation', 'href="#12-decision', 'href="#3-linel6', 'href="#4-ice',
                 'href="#5-restitution', 'href="#6-chung--oois-benchmark-tests', 'href="#7-contact-loop-benchmarks',
                 'href="#8-claims-ledger',
                 'data:image/svg+xml;base64'):
        if what not in dash:
            failures.append(f"index.html: the dashboard lacks {what}")
    n, stray = md_formulas(md)
    spans = len(re.findall(r'<span class="tex( tex-display)?">', html))
    print(f"report.md: {n} formulas ({stray} unpaired $); index.html: {spans} tex spans")
    if n == 0 or n != spans or stray:
        failures.append(f"formulas: {n} in report.md ({stray} unpaired $) vs {spans} tex spans in index.html")
    if re.search(r'(src|href)="(https?:)?//', html) or re.search(r"url\((?!data:)", html):
        failures.append("index.html refers to something outside the page")
    return failures


# Appended to a copy of index.html: once KaTeX and the fonts are done, writes into <pre id=probe>
# the page's and the window's sizes, the outermost elements that reach past the window, each
# registered law's verdict in the dashboard (text and bottom edge), the studies' sections without a
# verdict link in the dashboard, the table cells with a word broken across two lines and the plots
# shown narrower than 640 px.
LAYOUT_PROBE = """<script>const LAWS = REGISTERED_LAWS;
window.addEventListener('load', () => document.fonts.ready.then(() => {
  const cw = document.documentElement.clientWidth, out = [];
  for (const e of document.body.querySelectorAll('*')) {
    if (e.parentElement.closest('.katex')) continue;  // inside a formula: the formula speaks for it
    const r = e.getBoundingClientRect(), p = e.parentElement.getBoundingClientRect();
    if (r.width > 0 && r.right > cw + 1 && p.right <= cw + 1)
      out.push(e.tagName + ' ' + Math.round(r.left) + '-' + Math.round(r.right) + 'px: ' +
               (e.textContent || '').replace(/\\s+/g, ' ').slice(0, 60));
  }
  const verdict = a => /^(PASS|FAIL)$/.test(a.textContent.trim());
  const dash = document.querySelector('.dashboard');
  const laws = {};
  for (const law of LAWS) {
    laws[law] = 'no row';
    if (!dash) continue;
    for (const tr of dash.querySelectorAll('tr')) {
      const first = tr.querySelector('td');
      if (!first || first.textContent.trim() !== law) continue;
      const a = [...tr.querySelectorAll('a')].find(verdict);
      laws[law] = a ? a.textContent.trim() + ' ' + Math.round(a.getBoundingClientRect().bottom + window.scrollY) + ' ' +
                      Math.round(a.getBoundingClientRect().right) : 'no verdict';
    }
  }
  const studies = [];
  for (const h of document.querySelectorAll('h1[id]')) {
    if (!/^[0-9]/.test(h.id) || /benchmarks|claims-ledger/.test(h.id)) continue;
    const a = dash ? [...dash.querySelectorAll('a[href="#' + h.id + '"]')].find(verdict) : null;
    studies.push(h.id + ' ' + (a ? a.textContent.trim() : 'none'));
  }
  // A line break inside one text node between two characters that are not a space, or after a
  // hyphen unless a letter follows ("first-|order" is typesetting, "000-|22" a broken name),
  // splits a word. Identifiers get <wbr> between their words, which splits the text node,
  // so a break there is between two nodes and allowed.
  const broken = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const cell = n.parentElement.closest('td, th');
    if (!cell || n.parentElement.closest('.katex') || n.length < 2) continue;
    range.selectNodeContents(n);
    if (range.getClientRects().length < 2) continue;
    let prevTop = null;
    for (let i = 0; i < n.length; ++i) {
      range.setStart(n, i);
      range.setEnd(n, i + 1);
      const r = range.getBoundingClientRect();
      if (r.width === 0) continue;
      const c = n.data[i], before = i ? n.data[i - 1] : ' ';
      const afterHyphen = /[\\-\\u2010-\\u2014]/.test(before) && /\\p{L}/u.test(c);
      if (prevTop !== null && r.top > prevTop + 1 && !/\\s/.test(c) && !/\\s/.test(before) && !afterHyphen)
        broken.push(JSON.stringify(n.data.slice(Math.max(0, i - 12), i) + '|' + n.data.slice(i, i + 12)));
      prevTop = r.top;
    }
  }
  const narrow = [...document.querySelectorAll('figure img')].filter(i => i.getBoundingClientRect().width < 640)
                   .map(i => Math.round(i.getBoundingClientRect().width) + ' px: ' + i.alt.slice(0, 50));
  const pre = document.createElement('pre');
  pre.id = 'probe';
  pre.textContent = 'scrollWidth=' + document.documentElement.scrollWidth + ' clientWidth=' + cw +
                    ' innerHeight=' + window.innerHeight + '\\n' +
                    'LAWS ' + JSON.stringify(laws) + '\\n' + 'STUDIES ' + JSON.stringify(studies) + '\\n' +
                    'BROKEN ' + JSON.stringify(broken.slice(0, 10)) + ' ' + broken.length + '\\n' +
                    'NARROW ' + JSON.stringify(narrow) + ' ' + document.querySelectorAll('figure img').length + '\\n' +
                    out.slice(0, 5).join('\\n');
  document.body.appendChild(pre);
}));</script>"""


def registered_laws(lawcheck):
    out = subprocess.run([lawcheck, "laws", "--json"], capture_output=True, text=True, timeout=30, check=True).stdout
    return [law["name"] for law in json.loads(out)["laws"]]


def chromium_command(exe, profile, *args):
    # No network: every host resolves to nothing and every request goes to a closed proxy port;
    # no background or component traffic. The page must render from its own bytes.
    return [exe, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync",
            "--disable-background-networking", "--disable-component-update", "--disable-default-apps",
            "--proxy-server=127.0.0.1:9", "--host-resolver-rules=MAP * ~NOTFOUND", "--hide-scrollbars",
            "--window-size=1280,800", "--virtual-time-budget=10000", f"--user-data-dir={profile}", *args]


def browser(d, md, lawcheck):
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if not exe:
        print("chromium is not installed (scripts/setup.sh --browser installs it): skipped")
        sys.exit(77)
    laws = registered_laws(lawcheck)
    print("registered laws:", laws)
    with tempfile.TemporaryDirectory() as profile:
        page = os.path.join(profile, "index.html")
        with open(os.path.join(d, "index.html"), encoding="utf-8") as src, open(page, "w", encoding="utf-8") as dst:
            probe = LAYOUT_PROBE.replace("REGISTERED_LAWS", json.dumps(laws), 1)
            dst.write(src.read().replace("</body>", probe + "</body>"))
        dom = subprocess.run(chromium_command(exe, profile, "--dump-dom", "file://" + page),
                             capture_output=True, text=True, timeout=120).stdout
    with tempfile.TemporaryDirectory() as profile:
        shot = os.path.join(os.path.abspath(d), "first-screen.png")
        subprocess.run(chromium_command(exe, profile, f"--screenshot={shot}", "file://" +
                                        os.path.join(os.path.abspath(d), "index.html")),
                       capture_output=True, text=True, timeout=120)
    n, _ = md_formulas(md)
    katex = len(re.findall(r'class="katex"', dom))
    errors = len(re.findall(r'class="katex-error"', dom))
    print(f"DOM {len(dom)} bytes: {katex} class=\"katex\", {errors} class=\"katex-error\"; report.md: {n} formulas")
    failures = []
    if n == 0 or katex != n:
        failures.append(f"KaTeX typeset {katex} formulas of {n}")
    if errors:
        failures.append(f"{errors} formulas KaTeX could not parse: " +
                        "; ".join(re.findall(r'class="katex-error" title="([^"]*)"', dom)[:5]))
    probe = re.search(r'<pre id="probe">scrollWidth=(\d+) clientWidth=(\d+) innerHeight=(\d+)\n'
                      r'LAWS (.*?)\nSTUDIES (.*?)\nBROKEN (.*?) (\d+)\nNARROW (.*?) (\d+)\n?(.*?)</pre>', dom, re.S)
    if not probe:
        failures.append("the layout probe did not report (the page did not finish loading?)")
        return failures
    width, client, height = (int(probe.group(k)) for k in (1, 2, 3))
    print(f"1280x800 window: page {width} px wide, window {client} x {height} px")
    if width > client:
        failures.append(f"the page is {width} px wide in a {client} px window (a horizontal scrollbar); what "
                        f"sticks out:\n" + probe.group(10))
    verdicts = json.loads(probe.group(4).replace("&quot;", '"'))
    for law in laws:
        v = verdicts.get(law, "no row").split()
        print(f"dashboard, law {law}: {' '.join(v)}")
        if v[0] not in ("PASS", "FAIL"):
            failures.append(f"the dashboard has no verdict for the registered law {law} ({' '.join(v)})")
        elif int(v[1]) > height or int(v[2]) > client:
            failures.append(f"law {law}'s verdict ends at y = {v[1]} px, x = {v[2]} px: outside the first screen "
                            f"({client} x {height})")
    studies = json.loads(probe.group(5).replace("&quot;", '"'))
    print("dashboard, studies:", studies)
    if not studies:
        failures.append("no study sections found")
    for s in studies:
        if s.split()[-1] not in ("PASS", "FAIL"):
            failures.append(f"the dashboard has no verdict linked to the study section #{s.split()[0]}")
    broken_count = int(probe.group(7))
    print(f"table cells with a word broken across lines: {broken_count} {probe.group(6)}")
    if broken_count:
        failures.append(f"{broken_count} words of table cells broken mid-word, e.g. {probe.group(6)}")
    narrow = json.loads(probe.group(8).replace("&quot;", '"'))
    print(f"plots: {probe.group(9)}, narrower than 640 px: {narrow}")
    if narrow or probe.group(9) == "0":
        failures.append(f"plots narrower than 640 px: {narrow}")
    print("first screen:", shot, "exists" if os.path.exists(shot) else "MISSING")
    if not os.path.exists(shot):
        failures.append("chromium wrote no screenshot of the first screen")
    return failures


def main():
    mode, d = sys.argv[1], sys.argv[2]
    md = open(os.path.join(d, "report.md"), encoding="utf-8").read()
    html = open(os.path.join(d, "index.html"), encoding="utf-8").read()
    failures = layout(d, md, html) if mode == "layout" else browser(d, md, sys.argv[3])
    for f in failures:
        print("FAIL:", f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
