"""Checks the relative links of Markdown files.

usage: check_links.py ROOT FILE.md... [--max-lines FILE.md=N]...

Every inline link `[text](target)` whose target is not a URL must name a file
or folder that exists, relative to the file that holds it (or, starting with
`/`, to ROOT); a `#fragment` into a Markdown file must name one of its
headings, spelled as GitHub makes anchors of them. Links inside code spans and
fenced code blocks are not links. `--max-lines FILE=N` also fails when FILE
has more than N lines. Each problem is printed as FILE:LINE: message; the exit
status is 1 if there was any.
"""
import os
import re
import sys

LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^()\s]+)\)")
CODE_SPAN = re.compile(r"`[^`]*`")


def anchors(path):
    """GitHub's anchors for the headings of a Markdown file."""
    result, seen, fenced = set(), {}, False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("```"):
                fenced = not fenced
                continue
            m = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
            if fenced or not m:
                continue
            slug = re.sub(r"[^\w\- ]", "", m.group(1).lower()).replace(" ", "-")
            n = seen.get(slug, 0)
            seen[slug] = n + 1
            result.add(slug if n == 0 else f"{slug}-{n}")
    return result


def check(root, path):
    problems, fenced = [], False
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for number, line in enumerate(lines, 1):
        if line.startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        for target in LINK.findall(CODE_SPAN.sub("", line)):
            if re.match(r"[a-z]+:", target):
                continue
            file_part, _, fragment = target.partition("#")
            if not file_part:
                resolved = path
            elif file_part.startswith("/"):
                resolved = os.path.join(root, file_part.lstrip("/"))
            else:
                resolved = os.path.join(os.path.dirname(path), file_part)
            where = f"{path}:{number}"
            if not os.path.exists(resolved):
                problems.append(f"{where}: link to '{target}': no such file")
            elif fragment and resolved.endswith(".md") and \
                    fragment not in anchors(resolved):
                problems.append(f"{where}: link to '{target}': no heading "
                                f"'{fragment}' in {file_part or path}")
    return problems, len(lines) - (1 if lines and lines[-1] == "" else 0)


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    root, files, limits = argv[1], [], {}
    args = iter(argv[2:])
    for arg in args:
        if arg == "--max-lines":
            name, _, count = next(args, "").partition("=")
            limits[name] = int(count)
        else:
            files.append(arg)
    problems = []
    for path in files:
        found, count = check(root, path)
        problems += found
        for name, limit in limits.items():
            if os.path.samefile(name, path) and count > limit:
                problems.append(f"{path}: {count} lines, more than {limit}")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
