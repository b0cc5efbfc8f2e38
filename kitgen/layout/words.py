# ruff: noqa: RUF001  (the words' own punctuation: full-width colons and commas in
# Chinese and Japanese, en dashes, typographic apostrophes)
"""The rule booklet's own words, in the languages kitgen knows: the headings, labels
and lines a booklet and its quick reference print besides the designer's rules text
(`Contents`, `TIP`, `EXAMPLE`, the padding pages' headings, the credit line ...).

A booklet takes the words of its rules' language (kitgen.render.booklet.rules_language),
found by the tag's primary language subtag (`de-AT` takes `de`, `pt-BR` takes `pt`);
Chinese by its script (`zh`, `zh-Hans`, `zh-CN`, `zh-SG`: Simplified; `zh-Hant`,
`zh-TW`, `zh-HK`, `zh-MO`: Traditional). A language the table lacks takes English.
A rules file's `words:` sets any of them (kitgen.model.rules.BookletWords), over the
table's.

A word may hold placeholders, `{name}` in braces, each filled in where it prints
(PLACEHOLDERS: `{players}` in `players` is the number of players, `2 to 4`); a word
may leave its placeholders out. Labels (`tip`, `example` ...) print in capitals
(`str.upper`: `Tipp` prints `TIPP`; a script without case prints as written).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

ENGLISH: dict[str, str] = {
    "contents": "Contents",
    "tip": "Tip",
    "strategy": "Strategy",
    "variant": "Variant",
    "note": "Rules decision",
    "kitgen": "With kitgen",
    "example": "Example",
    "quick_reference": "Quick reference",
    "reference_title": "{title}: quick reference",
    "players": "{players} players",
    "player_range": "{low} to {high}",
    "in_the_kit": "In the kit",
    "reference_note": "The quick reference is a page of its own in the kit{file}: "
    "keep it on the table while you play.",
    "checklist": "Card checklist",
    "checklist_intro": "{cards} cards. A box for each copy: tick it as you cut the card out, "
    "and again as you pack up.",
    "scores": "Scores",
    "scores_intro": "Write the players' names at the top and each game's scores in a row; "
    "add them up at the foot.",
    "score_game": "Game",
    "score_player": "player {n}",
    "score_total": "Total",
    "notes": "Notes",
    "credit": "Printed with kitgen",
}
"""The words by key: the keys a rules file's `words:` takes, in this order."""

KEYS = tuple(ENGLISH)

WHERE: dict[str, str] = {
    "contents": "the contents list's heading",
    "tip": "a `tip` call-out's label",
    "strategy": "a `strategy` call-out's label",
    "variant": "a `variant` call-out's label",
    "note": "a `note` call-out's label (a rules decision)",
    "kitgen": "a `kitgen` call-out's label",
    "example": "an example box's label",
    "quick_reference": "the quick reference's heading on the back cover, and the label "
    "of the box that says where it is",
    "reference_title": "the quick reference page's heading; `{title}` is the rules' title",
    "players": "the covers' players, before the playing time; `{players}` is the number",
    "player_range": "a number of players from the fewest (`{low}`) to the most (`{high}`)",
    "in_the_kit": "the back cover's heading over the kit's components",
    "reference_note": "the back cover's note of where the quick reference is; `{file}` "
    "is its file's name in brackets",
    "checklist": "the card checklist page's heading",
    "checklist_intro": "the card checklist's line of how to use it; `{cards}` is the "
    "number of cards",
    "scores": "the score page's heading",
    "scores_intro": "the score page's line of how to use it",
    "score_game": "the score grid's column of games",
    "score_player": "a player's column in the score grid; `{n}` is its number",
    "score_total": "the score grid's row of totals",
    "notes": "the notes page's heading, and the label of notes under a checklist",
    "credit": "the one line at the foot of the back cover that names kitgen",
}
"""Where each word prints (`kitgen schema rules` says it of each key of `words:`)."""

PLACEHOLDERS: dict[str, tuple[str, ...]] = {
    "reference_title": ("title",),  # the rules' title
    "players": ("players",),  # the players, a number or `player_range`
    "player_range": ("low", "high"),  # the fewest and the most players
    "reference_note": ("file",),  # ` (name.pdf)`, the quick reference's file, or nothing
    "checklist_intro": ("cards",),  # the number of cards the checklist lists
    "score_player": ("n",),  # a player's column, from 1
}
"""The placeholders each word may hold (a word not listed holds none)."""

PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")

_TABLE: dict[str, dict[str, str]] = {
    "en": ENGLISH,
    "de": {
        "contents": "Inhalt",
        "tip": "Tipp",
        "strategy": "Strategie",
        "variant": "Variante",
        "note": "Regelentscheidung",
        "kitgen": "Mit kitgen",
        "example": "Beispiel",
        "quick_reference": "Kurzübersicht",
        "reference_title": "{title}: Kurzübersicht",
        "players": "{players} Spieler",
        "player_range": "{low} bis {high}",
        "in_the_kit": "Spielmaterial",
        "reference_note": "Die Kurzübersicht ist eine eigene Seite im Spiel{file}: "
        "Legt sie beim Spielen auf den Tisch.",
        "checklist": "Kartenliste",
        "checklist_intro": "{cards} Karten. Ein Kästchen je Exemplar: Hakt es ab, wenn ihr "
        "die Karte ausschneidet, und noch einmal beim Einpacken.",
        "scores": "Punkte",
        "scores_intro": "Tragt oben die Namen der Spieler ein und die Punkte jeder Partie in "
        "eine Zeile; unten zählt ihr sie zusammen.",
        "score_game": "Partie",
        "score_player": "Spieler {n}",
        "score_total": "Summe",
        "notes": "Notizen",
        "credit": "Gedruckt mit kitgen",
    },
    "fr": {
        "contents": "Sommaire",
        "tip": "Conseil",
        "strategy": "Stratégie",
        "variant": "Variante",
        "note": "Précision de règle",
        "kitgen": "Avec kitgen",
        "example": "Exemple",
        "quick_reference": "Aide-mémoire",
        "reference_title": "{title}\u00a0: aide-mémoire",
        "players": "{players} joueurs",
        "player_range": "de {low} à {high}",
        "in_the_kit": "Matériel",
        "reference_note": "L’aide-mémoire est une page à part dans le kit{file}\u00a0: "
        "gardez-le sur la table pendant la partie.",
        "checklist": "Liste des cartes",
        "checklist_intro": "{cards} cartes. Une case par exemplaire\u00a0: cochez-la en "
        "découpant la carte, puis en rangeant le jeu.",
        "scores": "Scores",
        "scores_intro": "Écrivez le nom des joueurs en haut et les scores de chaque partie "
        "sur une ligne\u00a0; faites le total en bas.",
        "score_game": "Partie",
        "score_player": "joueur {n}",
        "score_total": "Total",
        "notes": "Notes",
        "credit": "Imprimé avec kitgen",
    },
    "es": {
        "contents": "Índice",
        "tip": "Consejo",
        "strategy": "Estrategia",
        "variant": "Variante",
        "note": "Aclaración de reglas",
        "kitgen": "Con kitgen",
        "example": "Ejemplo",
        "quick_reference": "Referencia rápida",
        "reference_title": "{title}: referencia rápida",
        "players": "{players} jugadores",
        "player_range": "de {low} a {high}",
        "in_the_kit": "Componentes",
        "reference_note": "La referencia rápida es una página aparte del kit{file}: "
        "tenedla en la mesa mientras jugáis.",
        "checklist": "Lista de cartas",
        "checklist_intro": "{cards} cartas. Una casilla por copia: márcala al recortar la "
        "carta y otra vez al guardar el juego.",
        "scores": "Puntuaciones",
        "scores_intro": "Escribid arriba los nombres de los jugadores y en cada fila las "
        "puntuaciones de una partida; sumadlas al pie.",
        "score_game": "Partida",
        "score_player": "jugador {n}",
        "score_total": "Total",
        "notes": "Notas",
        "credit": "Impreso con kitgen",
    },
    "it": {
        "contents": "Indice",
        "tip": "Consiglio",
        "strategy": "Strategia",
        "variant": "Variante",
        "note": "Chiarimento sulle regole",
        "kitgen": "Con kitgen",
        "example": "Esempio",
        "quick_reference": "Riepilogo",
        "reference_title": "{title}: riepilogo",
        "players": "{players} giocatori",
        "player_range": "da {low} a {high}",
        "in_the_kit": "Componenti",
        "reference_note": "Il riepilogo è una pagina a sé nel kit{file}: tenetelo sul tavolo "
        "mentre giocate.",
        "checklist": "Elenco delle carte",
        "checklist_intro": "{cards} carte. Una casella per copia: spuntatela quando "
        "ritagliate la carta e di nuovo quando riponete il gioco.",
        "scores": "Punteggi",
        "scores_intro": "Scrivete in alto i nomi dei giocatori e in ogni riga i punteggi di "
        "una partita; sommateli in fondo.",
        "score_game": "Partita",
        "score_player": "giocatore {n}",
        "score_total": "Totale",
        "notes": "Note",
        "credit": "Stampato con kitgen",
    },
    "pl": {
        "contents": "Spis treści",
        "tip": "Wskazówka",
        "strategy": "Strategia",
        "variant": "Wariant",
        "note": "Wyjaśnienie zasad",
        "kitgen": "Z kitgen",
        "example": "Przykład",
        "quick_reference": "Skrót zasad",
        "reference_title": "{title}: skrót zasad",
        "players": "Gracze: {players}",
        "player_range": "{low}–{high}",
        "in_the_kit": "Zawartość",
        "reference_note": "Skrót zasad to osobna strona w zestawie{file}: trzymajcie go na "
        "stole podczas gry.",
        "checklist": "Lista kart",
        "checklist_intro": "Karty: {cards}. Jedno pole na każdy egzemplarz: zaznaczcie je, "
        "gdy wytniecie kartę, i jeszcze raz przy pakowaniu.",
        "scores": "Wyniki",
        "scores_intro": "Wpiszcie u góry imiona graczy, a w każdym wierszu wyniki jednej "
        "partii; zsumujcie je na dole.",
        "score_game": "Partia",
        "score_player": "gracz {n}",
        "score_total": "Suma",
        "notes": "Notatki",
        "credit": "Wydrukowano w kitgen",
    },
    "nl": {
        "contents": "Inhoud",
        "tip": "Tip",
        "strategy": "Strategie",
        "variant": "Variant",
        "note": "Regelverduidelijking",
        "kitgen": "Met kitgen",
        "example": "Voorbeeld",
        "quick_reference": "Spelhulp",
        "reference_title": "{title}: spelhulp",
        "players": "{players} spelers",
        "player_range": "{low} tot {high}",
        "in_the_kit": "Spelmateriaal",
        "reference_note": "De spelhulp is een aparte pagina in de kit{file}: leg hem tijdens "
        "het spelen op tafel.",
        "checklist": "Kaartenlijst",
        "checklist_intro": "{cards} kaarten. Een vakje per exemplaar: vink het aan als je de "
        "kaart uitknipt, en nog eens als je opruimt.",
        "scores": "Scores",
        "scores_intro": "Schrijf bovenaan de namen van de spelers en op elke rij de scores "
        "van één spel; tel ze onderaan op.",
        "score_game": "Spel",
        "score_player": "speler {n}",
        "score_total": "Totaal",
        "notes": "Notities",
        "credit": "Gedrukt met kitgen",
    },
    "pt": {
        "contents": "Índice",
        "tip": "Dica",
        "strategy": "Estratégia",
        "variant": "Variante",
        "note": "Esclarecimento de regras",
        "kitgen": "Com kitgen",
        "example": "Exemplo",
        "quick_reference": "Resumo das regras",
        "reference_title": "{title}: resumo das regras",
        "players": "{players} jogadores",
        "player_range": "de {low} a {high}",
        "in_the_kit": "Componentes",
        "reference_note": "O resumo das regras é uma página à parte no kit{file}: deixem-no "
        "na mesa durante o jogo.",
        "checklist": "Lista de cartas",
        "checklist_intro": "{cards} cartas. Um quadrado por cópia: marquem-no ao recortar a "
        "carta e outra vez ao guardar o jogo.",
        "scores": "Pontuação",
        "scores_intro": "Escrevam no topo os nomes dos jogadores e em cada linha a pontuação "
        "de uma partida; somem no fim.",
        "score_game": "Partida",
        "score_player": "jogador {n}",
        "score_total": "Total",
        "notes": "Notas",
        "credit": "Impresso com kitgen",
    },
    "ja": {
        "contents": "目次",
        "tip": "ヒント",
        "strategy": "戦略",
        "variant": "バリアント",
        "note": "ルールの裁定",
        "kitgen": "kitgenで",
        "example": "例",
        "quick_reference": "早見表",
        "reference_title": "{title}：早見表",
        "players": "{players}人",
        "player_range": "{low}〜{high}",
        "in_the_kit": "内容物",
        "reference_note": "早見表はキットの別ページです{file}。"
        "プレイ中はテーブルに置いておきましょう。",
        "checklist": "カードリスト",
        "checklist_intro": "カード{cards}枚。1枚ごとにチェック欄があります。"
        "切り抜いたときと、片付けるときにチェックしましょう。",
        "scores": "得点記録",
        "scores_intro": "上にプレイヤーの名前を書き、1ゲームごとに1行ずつ得点を書いて、"
        "下で合計します。",
        "score_game": "ゲーム",
        "score_player": "プレイヤー{n}",
        "score_total": "合計",
        "notes": "メモ",
        "credit": "kitgenで印刷",
    },
    "zh": {
        "contents": "目录",
        "tip": "提示",
        "strategy": "策略",
        "variant": "变体",
        "note": "规则裁定",
        "kitgen": "使用 kitgen",
        "example": "示例",
        "quick_reference": "速查表",
        "reference_title": "{title}：速查表",
        "players": "{players}人",
        "player_range": "{low}–{high}",
        "in_the_kit": "游戏配件",
        "reference_note": "速查表是套件中单独的一页{file}：游戏时请放在桌上。",
        "checklist": "卡牌清单",
        "checklist_intro": "共{cards}张卡牌。每份一个方框：剪下卡牌时勾一次，收纳时再勾一次。",
        "scores": "计分",
        "scores_intro": "在顶部写上玩家姓名，每局的得分写成一行，在底部合计。",
        "score_game": "局",
        "score_player": "玩家{n}",
        "score_total": "合计",
        "notes": "笔记",
        "credit": "由 kitgen 打印",
    },
    "zh-Hant": {
        "contents": "目錄",
        "tip": "提示",
        "strategy": "策略",
        "variant": "變體",
        "note": "規則裁定",
        "kitgen": "使用 kitgen",
        "example": "範例",
        "quick_reference": "速查表",
        "reference_title": "{title}：速查表",
        "players": "{players}人",
        "player_range": "{low}–{high}",
        "in_the_kit": "遊戲配件",
        "reference_note": "速查表是套件中單獨的一頁{file}：遊戲時請放在桌上。",
        "checklist": "卡牌清單",
        "checklist_intro": "共{cards}張卡牌。每份一個方框：剪下卡牌時勾一次，收納時再勾一次。",
        "scores": "計分",
        "scores_intro": "在頂部寫上玩家姓名，每局的得分寫成一行，在底部合計。",
        "score_game": "局",
        "score_player": "玩家{n}",
        "score_total": "合計",
        "notes": "筆記",
        "credit": "由 kitgen 列印",
    },
    "ar": {
        "contents": "المحتويات",
        "tip": "نصيحة",
        "strategy": "استراتيجية",
        "variant": "قاعدة بديلة",
        "note": "توضيح القواعد",
        "kitgen": "مع kitgen",
        "example": "مثال",
        "quick_reference": "ملخص القواعد",
        "reference_title": "{title}: ملخص القواعد",
        "players": "عدد اللاعبين: {players}",
        "player_range": "{low} إلى {high}",
        "in_the_kit": "محتويات اللعبة",
        "reference_note": "ملخص القواعد صفحة مستقلة في المجموعة{file}: "
        "أبقوه على الطاولة أثناء اللعب.",
        "checklist": "قائمة البطاقات",
        "checklist_intro": "عدد البطاقات: {cards}. مربع لكل نسخة: ضعوا فيه علامة عند قص "
        "البطاقة، ومرة أخرى عند جمع اللعبة.",
        "scores": "النقاط",
        "scores_intro": "اكتبوا أسماء اللاعبين في الأعلى ونقاط كل جولة في صف، واجمعوها في الأسفل.",
        "score_game": "الجولة",
        "score_player": "اللاعب {n}",
        "score_total": "المجموع",
        "notes": "ملاحظات",
        "credit": "طُبع باستخدام kitgen",
    },
    "he": {
        "contents": "תוכן העניינים",
        "tip": "טיפ",
        "strategy": "אסטרטגיה",
        "variant": "גרסה חלופית",
        "note": "הבהרת חוקים",
        "kitgen": "עם kitgen",
        "example": "דוגמה",
        "quick_reference": "תקציר החוקים",
        "reference_title": "{title}: תקציר החוקים",
        "players": "שחקנים: {players}",
        "player_range": "{low} עד {high}",
        "in_the_kit": "תכולת המשחק",
        "reference_note": "תקציר החוקים הוא עמוד נפרד בערכה{file}: "
        "השאירו אותו על השולחן בזמן המשחק.",
        "checklist": "רשימת קלפים",
        "checklist_intro": "מספר הקלפים: {cards}. משבצת לכל עותק: סמנו אותה כשגוזרים את "
        "הקלף, ושוב כשמחזירים אותו לקופסה.",
        "scores": "ניקוד",
        "scores_intro": "כתבו למעלה את שמות השחקנים ובכל שורה את הניקוד של משחק אחד; "
        "סכמו אותו למטה.",
        "score_game": "משחק",
        "score_player": "שחקן {n}",
        "score_total": "סה״כ",
        "notes": "הערות",
        "credit": "הודפס באמצעות kitgen",
    },
}

LANGUAGES = tuple(_TABLE)
"""The languages the table holds words for (`zh` is Simplified Chinese)."""

_TRADITIONAL_REGIONS = frozenset({"tw", "hk", "mo"})


def table_language(tag: str | None) -> str | None:
    """The table's language for a BCP 47 tag (`de-AT`: `de`; `zh-TW`: `zh-Hant`), or
    None when the table has none (or there is no tag)."""
    if not tag:
        return None
    parts = tag.replace("_", "-").lower().split("-")
    primary = parts[0]
    if primary == "zh":
        script = next((p for p in parts[1:] if len(p) == 4 and p.isalpha()), "")
        region = next((p for p in parts[1:] if len(p) == 2 and p.isalpha()), "")
        if script == "hant" or (not script and region in _TRADITIONAL_REGIONS):
            return "zh-Hant"
        return "zh" if script in ("", "hans") else None
    return primary if primary in _TABLE else None


def fill(word: str, **values: str) -> str:
    """A word with its placeholders filled in (`{title}` by `values["title"]`); a
    placeholder `values` does not give stays as written."""
    return PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), word)


@dataclass(frozen=True)
class Words:
    """The words one booklet prints: its language's (`language`, the rules' tag) with
    a rules file's own over them."""

    language: str = ""
    own: Mapping[str, str] = field(default_factory=dict)

    def __getitem__(self, key: str) -> str:
        if key in self.own:
            return self.own[key]
        return _TABLE[table_language(self.language) or "en"][key]

    def text(self, key: str, **values: str) -> str:
        """The word of `key` with its placeholders filled in (see `fill`)."""
        return fill(self[key], **values)


def words_for(language: str | None, own: Mapping[str, str] | None = None) -> Words:
    """The booklet's words in a language (a BCP 47 tag; English where the table has
    none), with a rules file's `words:` (`own`) over them."""
    return Words(language or "", dict(own or {}))


def table(language: str) -> Mapping[str, str]:
    """The table's words of one of its LANGUAGES."""
    return _TABLE[language]
