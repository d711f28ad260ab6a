#!/usr/bin/python3
"""Checks a written `lawcheck report` (issue 15), independently of the C++ that wrote it.

  report_html_check.py layout DIR    the dashboard comes first (report.md and index.html: the first
                                     heading after the title is "Dashboard", before section 1),
                                     every #link of index.html has its id, and index.html holds one
                                     <span class="tex"> per formula of report.md
  report_html_check.py browser DIR   opens index.html in headless Chromium with the network blocked
                                     and counts KaTeX's output in the DOM: one class="katex" per
                                     formula of report.md and no class="katex-error"; in a 1280x800
                                     window the page is no wider than the window (no horizontal
                                     scrollbar; the widest element that sticks out is named)
Exit 0 pass, 1 fail (each failure printed), 77 (ctest's SKIP) if chromium is not installed.
"""
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
    for what in ('href="#1-dissipation', 'href="#12-decision', 'href="#6-claims-ledger', 'href="#4-restitution',
                 'href="#5-contact-loop-benchmarks', 'data:image/svg+xml;base64'):
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


# Appended to a copy of index.html: once KaTeX and the fonts are done, writes the page's and the
# window's widths and the outermost elements that reach past the window into <pre id=probe>.
LAYOUT_PROBE = """<script>window.addEventListener('load', () => document.fonts.ready.then(() => {
  const cw = document.documentElement.clientWidth, out = [];
  for (const e of document.body.querySelectorAll('*')) {
    if (e.parentElement.closest('.katex')) continue;  // inside a formula: the formula speaks for it
    const r = e.getBoundingClientRect(), p = e.parentElement.getBoundingClientRect();
    if (r.width > 0 && r.right > cw + 1 && p.right <= cw + 1)
      out.push(e.tagName + ' ' + Math.round(r.left) + '-' + Math.round(r.right) + 'px: ' +
               (e.textContent || '').replace(/\\s+/g, ' ').slice(0, 60));
  }
  const pre = document.createElement('pre');
  pre.id = 'probe';
  pre.textContent = 'scrollWidth=' + document.documentElement.scrollWidth + ' clientWidth=' + cw + '\\n' +
                    out.slice(0, 5).join('\\n');
  document.body.appendChild(pre);
}));</script>"""


def browser(d, md):
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if not exe:
        print("chromium is not installed (scripts/setup.sh --browser installs it): skipped")
        sys.exit(77)
    with tempfile.TemporaryDirectory() as profile:
        page = os.path.join(profile, "index.html")
        with open(os.path.join(d, "index.html"), encoding="utf-8") as src, open(page, "w", encoding="utf-8") as dst:
            dst.write(src.read().replace("</body>", LAYOUT_PROBE + "</body>"))
        # No network: every host resolves to nothing and every request goes to a closed proxy port;
        # no background or component traffic. The page must render from its own bytes.
        cmd = [exe, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync",
               "--disable-background-networking", "--disable-component-update", "--disable-default-apps",
               "--proxy-server=127.0.0.1:9", "--host-resolver-rules=MAP * ~NOTFOUND",
               "--window-size=1280,800", "--virtual-time-budget=10000",
               f"--user-data-dir={profile}", "--dump-dom", "file://" + page]
        dom = subprocess.run(cmd, capture_output=True, text=True, timeout=120).stdout
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
    probe = re.search(r'<pre id="probe">scrollWidth=(\d+) clientWidth=(\d+)\n?(.*?)</pre>', dom, re.S)
    if not probe:
        failures.append("the layout probe did not report (the page did not finish loading?)")
    else:
        print(f"1280x800 window: page {probe.group(1)} px wide, window {probe.group(2)} px")
        if int(probe.group(1)) > int(probe.group(2)):
            failures.append(f"the page is {probe.group(1)} px wide in a {probe.group(2)} px window (a horizontal "
                            f"scrollbar); what sticks out:\n" + probe.group(3))
    return failures


def main():
    mode, d = sys.argv[1], sys.argv[2]
    md = open(os.path.join(d, "report.md"), encoding="utf-8").read()
    html = open(os.path.join(d, "index.html"), encoding="utf-8").read()
    failures = layout(d, md, html) if mode == "layout" else browser(d, md)
    for f in failures:
        print("FAIL:", f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
