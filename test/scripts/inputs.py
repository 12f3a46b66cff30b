"""The captured IR under test/Inputs: one folder per case, each with a
manifest.json saying which Triton made the files, at which configuration, and
their sha256 (so a test can tell a capture that was edited by hand).

    import inputs
    for case in inputs.cases():   # every case with a TTIR or a TTGIR
        case.name, case.ttir, case.ttgir, case.target, case.num_warps, case.num_stages

`ttir`/`ttgir` are absolute paths or None; a case whose TTIR is a corpus file
(`corpus_ttir` in its manifest) gets that path under CORPUS_DIR when given.
"""
import hashlib
import json
import os

ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Inputs")


class Case:
    def __init__(self, folder, manifest, corpus=None):
        self.name = manifest["case"]
        self.folder = folder
        self.manifest = manifest
        self.target = manifest.get("target")
        self.num_warps = manifest.get("num_warps")
        self.num_stages = manifest.get("num_stages")
        files = manifest.get("files", {})
        path = lambda key: os.path.join(folder, files[key]["name"]) if key in files else None
        self.ttir, self.ttgir = path("ttir"), path("ttgir")
        if self.ttir is None and corpus and "corpus_ttir" in manifest:
            self.ttir = os.path.join(corpus, manifest["corpus_ttir"])

    def options(self):
        return (f"target={self.target} num-warps={self.num_warps} "
                f"num-stages={self.num_stages}")

    def modified(self):
        """Files whose bytes no longer match the manifest's sha256."""
        return [f["name"] for f in self.manifest.get("files", {}).values()
                if hashlib.sha256(open(os.path.join(self.folder, f["name"]), "rb").read())
                .hexdigest() != f["sha256"]]


def cases(root=ROOT, corpus=None):
    """Every single-kernel case (folders with a configuration), sorted by name."""
    found = []
    for entry in sorted(os.listdir(root)):
        manifest_path = os.path.join(root, entry, "manifest.json")
        if not os.path.exists(manifest_path):
            continue
        manifest = json.load(open(manifest_path))
        if "num_warps" in manifest:
            found.append(Case(os.path.join(root, entry), manifest, corpus))
    return found


def case(name, root=ROOT, corpus=None):
    folder = os.path.join(root, name)
    return Case(folder, json.load(open(os.path.join(folder, "manifest.json"))), corpus)
