"""Datasets shipped through Ray's object store, for nodes that do not see the driver's files
(`lookahead-ray --ship-data`, Docs/Distributed.md).

The driver packs the folder of every dataset the tune reads (the plan names each dataset and the
folder it was found in) as one `{dataset name: {relative path: bytes}}` object, puts it in the
object store once, and hands its reference to every actor. An actor writes it to a folder on its
own node's disk, laid out like the repository's `Datasets/`, and starts its worker with
`LOOKAHEAD_DATASETS` naming that folder, which the worker searches first. The files keep their
names relative to the dataset folder and their bytes, so the worker's journal headers (which
name each file's path within its dataset and its SHA-256) are the driver's.
"""

import hashlib
import json
import os
import shutil
import tempfile


class ShippingRefused(RuntimeError):
    """A dataset cannot be shipped (a plain path, not a dataset of the registry), or a shipped
    file arrived with other bytes than the driver sent."""


def pack(datasets):
    """The files of every dataset folder of the plan (`[{"reference", "folder"}]`):
    `(manifest, contents)`, where the manifest maps `name/relative path` to its SHA-256 and the
    contents map each dataset name to `{relative path: bytes}`."""
    contents, manifest = {}, {}
    for dataset in datasets:
        folder = dataset.get("folder")
        if not folder:
            raise ShippingRefused(
                f"dataset {dataset['reference']!r} is a plain path, not a dataset of the registry: --ship-data "
                "ships dataset folders only; give the file at a path every node sees instead")
        name = os.path.basename(folder.rstrip("/"))
        if name in contents:
            continue  # two references to one dataset (subsets): one copy
        files = {}
        for directory, _, names in os.walk(folder):
            for file_name in sorted(names):
                path = os.path.join(directory, file_name)
                relative = os.path.relpath(path, folder)
                with open(path, "rb") as handle:
                    files[relative] = handle.read()
                manifest[f"{name}/{relative}"] = hashlib.sha256(files[relative]).hexdigest()
        contents[name] = files
    return manifest, contents


def materialize(manifest, contents, root=None):
    """Writes the shipped datasets under `root` (default: the node's temporary folder) and returns
    the folder to give as `LOOKAHEAD_DATASETS`. One folder per shipment, named by the digest of
    its manifest, shared by the actors of one node: written to a temporary folder, every file
    checked against the manifest, then renamed into place (a second actor that loses the race
    uses the winner's)."""
    root = root or os.path.join(tempfile.gettempdir(), "lookahead-ray-data")
    os.makedirs(root, exist_ok=True)
    key = hashlib.sha256(json.dumps(manifest, sort_keys=True).encode()).hexdigest()[:24]
    target = os.path.join(root, key)
    if os.path.isdir(target):
        return target
    staging = tempfile.mkdtemp(dir=root, prefix=".incoming-")
    try:
        for name, files in contents.items():
            for relative, data in files.items():
                entry = f"{name}/{relative}"
                if hashlib.sha256(data).hexdigest() != manifest.get(entry):
                    raise ShippingRefused(f"shipped file {entry} arrived with other bytes than the driver sent (SHA-256 differs)")
                path = os.path.join(staging, name, relative)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "wb") as handle:
                    handle.write(data)
        missing = sorted(set(manifest) - {f"{n}/{r}" for n, files in contents.items() for r in files})
        if missing:
            raise ShippingRefused(f"shipped datasets lack {', '.join(missing[:3])}")
        try:
            os.rename(staging, target)
        except OSError:
            if not os.path.isdir(target):
                raise
            shutil.rmtree(staging)  # another actor of this node put the same shipment in place first
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return target
