"""File names in any script (issue 37, item 5): a game's own name and every card's name
keep their letters in the files kitgen writes (the build's PDFs, `export png`'s card
images, `export tts`'s sheets), whatever the script; Tabletop Simulator's nicknames
are the names themselves; names that would make one file make two; hostile names
(a direction override, `..`, `CON`, a very long name) make safe file names."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest
from conftest import leftovers, run_in_process

from kitgen.entry import main

# A card name in each script: Chinese, Japanese, Arabic, Greek, Polish.
NAMES = {
    "chinese": ("龙与城堡", "龙与城堡"),
    "japanese": ("ドラゴンの巣", "ドラゴンの巣"),
    "arabic": ("قلعة التنين", "قلعة-التنين"),
    "greek": ("Πελαργός Ήρωας", "πελαργός-ήρωας"),
    "polish": ("Zażółć Gęślą Jaźń", "zażółć-gęślą-jaźń"),
}


def new_game(tmp_path: Path, title: str) -> Path:
    """`kitgen new game TITLE --game custom`, its cards renamed one per script."""
    status, _out, err = run_in_process(
        main, "new", "game", title, "--game", "custom", "--dir", str(tmp_path)
    )
    assert status == 0, err
    [folder] = [p for p in tmp_path.iterdir() if (p / "game.yaml").is_file()]
    rows = (folder / "cards.csv").read_text(encoding="utf-8").splitlines()
    names = [name for name, _ in NAMES.values()]
    renamed = [rows[0]] + [
        f"{names[i]},{row.split(',', 1)[1]}" if i < len(names) else row
        for i, row in enumerate(rows[1:])
    ]
    (folder / "cards.csv").write_text("\n".join(renamed) + "\n", encoding="utf-8")
    return folder


def game_id(folder: Path) -> str:
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    return next(line.split()[1] for line in text.splitlines() if line.startswith("game: "))


def nfc(paths: list[str]) -> list[str]:
    return [unicodedata.normalize("NFC", p) for p in paths]


@pytest.mark.parametrize("script", list(NAMES))
def test_a_game_and_its_cards_keep_their_letters_in_every_file(script: str, tmp_path: Path) -> None:
    title, stem = NAMES[script]
    folder = new_game(tmp_path / "src", title)
    assert folder.name == stem  # `kitgen new` names the folder so too
    game = game_id(folder)
    assert game.isascii()  # a game's id stays an ASCII id (kitgen.names.game_id_problem)
    out = tmp_path / "out"

    status, stdout, err = run_in_process(main, "build", str(folder), "-o", str(out))
    assert status == 0, err
    assert nfc(stdout.splitlines()) == [str(out / game / f"{stem}-cards.pdf")]

    status, stdout, err = run_in_process(main, "export", "png", str(folder), "-o", str(out))
    assert status == 0, err
    cards = out / game / "png" / f"{stem}-cards"
    pngs = sorted(p.name for p in cards.iterdir())
    for _, card_stem in NAMES.values():  # every card's name, its letters kept
        assert any(name.endswith(f"-{card_stem}.png") for name in pngs), (card_stem, pngs)

    status, stdout, err = run_in_process(main, "export", "tts", str(folder), "-o", str(out))
    assert status == 0, err
    tts = out / game / "tts" / f"{stem}-cards"
    assert (tts / f"{stem}-cards-1.png").is_file()
    saved = json.loads((tts / f"{stem}-cards.json").read_text(encoding="utf-8"))
    deck = saved["ObjectStates"][0]
    assert deck["Nickname"] == saved["SaveName"] == title  # the game's own name
    nicknames = {card["Nickname"] for card in deck["ContainedObjects"]}
    assert {name for name, _ in NAMES.values()} <= nicknames  # the cards' own names
    face_url = deck["CustomDeck"]["1"]["FaceURL"]  # percent-encoded: an address is ASCII
    assert face_url == (tts / f"{stem}-cards-1.png").absolute().as_uri() and face_url.isascii()
    assert leftovers(out) == []


def test_names_that_spell_alike_make_distinct_files(tmp_path: Path) -> None:
    """Two decks whose names begin with the same 60 letters are two files (each ends in
    a mark made from its whole name), every time; two cards whose names differ only in
    punctuation are two card images (numbered)."""
    folder = new_game(tmp_path / "src", "Star Lanterns")
    game = game_id(folder)
    start = "The Long Voyage of the Lantern Bearers Across the Sea of Stars "
    for n, ending in enumerate(("North", "South")):
        (folder / f"deck{n}.yaml").write_text(
            f"game: {game}\nkind: deck\nname: {start}{ending}\ncards:\n  龙与城堡: 1\n",
            encoding="utf-8",
        )
    out = tmp_path / "out"
    targets = [str(folder / "deck0.yaml"), str(folder / "deck1.yaml")]
    status, stdout, err = run_in_process(main, "build", *targets, "-o", str(out))
    assert status == 0, err
    written = [Path(p).name for p in stdout.splitlines()]
    assert len(set(written)) == 2, written
    for name in written:
        assert name.startswith(f"{game}-the-long-voyage-of-the-lantern-bearers-across")
        assert len(name.encode()) < 255
    status, again, err = run_in_process(main, "build", *reversed(targets), "-o", str(out))
    assert status == 0 and sorted(again.splitlines()) == sorted(stdout.splitlines())

    rows = (folder / "cards.csv").read_text(encoding="utf-8").splitlines()
    rows[1] = "Fire!," + rows[1].split(",", 1)[1]
    rows[2] = "Fire?," + rows[2].split(",", 1)[1]
    (folder / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    status, _out, err = run_in_process(main, "export", "png", str(folder), "-o", str(out))
    assert status == 0, err
    pngs = sorted(p.name for p in (out / game / "png" / "star-lanterns-cards").iterdir())
    # Fire! has 3 copies, Fire? 2: five images, each its own file
    assert [n for n in pngs if n.endswith("-fire.png")] == [f"00{n}-fire.png" for n in range(1, 6)]


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("\u202eevil\u202c.pdf", "evil-pdf-cards.pdf"),  # a direction override: left out
        ("..", "kit-cards.pdf"),  # no letter: the kit file's stem
        ("../../etc/passwd", "etc-passwd-cards.pdf"),  # never a path
        ("CON", "con-cards.pdf"),
        ("COM¹", "com¹-cards.pdf"),
    ],
)
def test_hostile_kit_names_make_safe_file_names(title: str, expected: str, tmp_path: Path) -> None:
    folder = new_game(tmp_path / "src", "Star")
    kit = (folder / "kit.yaml").read_text(encoding="utf-8")
    (folder / "kit.yaml").write_text(
        kit.replace("name: Star\n", f"name: {json.dumps(title)}\n"), encoding="utf-8"
    )
    out = tmp_path / "out"
    status, stdout, err = run_in_process(main, "build", str(folder / "kit.yaml"), "-o", str(out))
    assert status == 0, err
    [path] = stdout.splitlines()
    assert Path(path).parent == out / "star" and Path(path).name == expected


def test_a_very_long_name_fits_a_file_name(tmp_path: Path) -> None:
    title = "城堡" * 40  # a name's most: 80 characters, 240 bytes
    folder = new_game(tmp_path / "src", "Star")
    kit = (folder / "kit.yaml").read_text(encoding="utf-8")
    (folder / "kit.yaml").write_text(kit.replace("name: Star\n", f"name: {title}\n"))
    out = tmp_path / "out"
    status, stdout, err = run_in_process(main, "build", str(folder / "kit.yaml"), "-o", str(out))
    assert status == 0, err
    [path] = stdout.splitlines()
    name = Path(path).name
    assert name.startswith("城堡城堡") and name.endswith("-cards.pdf")
    assert len(name.encode()) <= 255 and Path(path).is_file()
