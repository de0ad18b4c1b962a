#!/usr/bin/env python3
"""Writes the fuzzer's seed corpus, tests/fuzz/corpus/, from the scripts the project already has:
every lesson and example, every script of errors_parity.jsonl (one refusal each), and an even
sample of ops_parity.jsonl, random_chains.jsonl, views_parity.jsonl and views_sweep.jsonl (the
0-dim/empty/size-1 sweep), so that the seeds reach every op and its
errors while staying a few hundred small files. Deterministic: rerunning it rewrites the same
files. Standard library only:  python3 tests/fuzz/extract_corpus.py
"""
import json
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "fuzz" / "corpus"
# (file, keep every Nth script)
JSONL_SOURCES = [("errors_parity.jsonl", 1), ("ops_parity.jsonl", 4), ("random_chains.jsonl", 8),
                 ("views_parity.jsonl", 2), ("views_sweep.jsonl", 6),
                 ("arithmetic_parity.jsonl", 12), ("complex_parity.jsonl", 3)]


def slug(text):
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")[:48]


def main():
    CORPUS.mkdir(parents=True, exist_ok=True)
    for old in CORPUS.glob("*.py"):
        old.unlink()
    seeds = {}
    for folder in ("lessons", "examples"):
        for path in sorted((ROOT / "resources" / folder).glob("*.py")):
            seeds[f"{folder}_{path.stem}.py"] = path.read_text(encoding="utf-8")
    for name, every in JSONL_SOURCES:
        rows = [json.loads(line) for line in (ROOT / "tests" / "data" / name).read_text(encoding="utf-8").splitlines()]
        rows = [row for row in rows if "script" in row]
        for index, row in enumerate(rows[::every]):
            seeds[f"{pathlib.Path(name).stem}_{index:03d}_{slug(row['name'])}.py"] = row["script"]
    seen = set()
    written = 0
    for file_name, script in sorted(seeds.items()):
        if script in seen:
            continue
        seen.add(script)
        (CORPUS / file_name).write_text(script, encoding="utf-8")
        written += 1
    total = sum(p.stat().st_size for p in CORPUS.glob("*.py"))
    print(f"{written} seeds, {total} bytes in {CORPUS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
