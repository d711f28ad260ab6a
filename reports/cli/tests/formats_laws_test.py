"""docs/formats.md's table of registered laws against `lawcheck laws --json`: the same names, in the
same order, each with its material type. A law added to the registry and not to the table (or the
other way round) fails here, naming it.

usage: formats_laws_test.py LAWCHECK FORMATS_MD
"""
import json
import re
import subprocess
import sys

lawcheck, formats_md = sys.argv[1], sys.argv[2]
out = subprocess.run([lawcheck, "laws", "--json"], capture_output=True, text=True, check=True).stdout
registry = [(law["name"], law["material"]) for law in json.loads(out)["laws"]]

# The table opens with the header row "| law | material | what |" and ends at the first line that is
# not a table row.
lines = open(formats_md, encoding="utf-8").read().splitlines()
start = next(i for i, line in enumerate(lines) if re.match(r"^\| law \| material \| what \|", line))
documented = []
for line in lines[start + 2:]:
    if not line.startswith("|"):
        break
    cells = [c.strip() for c in line.strip("|").split("|")]
    documented.append((cells[0].strip("`"), cells[1].strip("`")))

print("registry:  ", registry)
print("formats.md:", documented)
missing = [r for r in registry if r not in documented]
extra = [d for d in documented if d not in registry]
for name, material in missing:
    print(f"FAIL formats.md does not list law {name} (material {material})")
for name, material in extra:
    print(f"FAIL formats.md lists {name} (material {material}), which the registry does not have")
if registry != documented and not missing and not extra:
    print("FAIL formats.md lists the laws in another order than the registry")
sys.exit(0 if registry == documented else 1)
