"""Hover text for a designed game's files in editors (`kitgen schema KIND -g custom`): by
`Model.field`. What every game's files share (`title`, `players`, deck rules, print
settings, rules text) is in kitgen.schema.FIELD_HELP; docs/formats.md (section 1.12)
says the same at length."""

FIELD_HELP = {
    "DesignedGameFile.fields": "What every card has: each field's name (a letter, then "
    "letters, digits and `_`) and its `type`: text, integer, choice, colour, image or icons.",
    "DesignedGameFile.cards": "The card data, relative to this file: a CSV file, an .xlsx "
    "workbook (`{file: cards.xlsx, sheet: Cards}`), a YAML or JSON list of cards, or a list "
    "of them (several files or sheets feed one game).",
    "DesignedGameFile.copies": "The column that says how many copies of each card to print "
    "(any header; default a `count` or `qty` column).",
    "DesignedGameFile.strict": "true: a column of the card data that no field reads is an "
    "error (default false: it is ignored, and `kitgen check --stats` lists it).",
    "DesignedGameFile.languages": "The languages the game prints editions in (BCP 47 tags, "
    "like `[en, de, ja]`), its own first: the card data's plain columns hold the first's "
    "text, a `name@de` column the German; `kitgen build GAME --lang de` (or `all`).",
    "DesignedGameFile.face": "The face layout file, or one per value of a field: "
    "`{by: type, layouts: {spell: spell.yaml, else: face.yaml}}`.",
    "DesignedGameFile.back": "The back layout, as `face`; leave it out for blank backs.",
    "DesignedGameFile.decks": "A game of several decks, in place of `cards`, `face` and "
    "`back`: each deck's name and its cards, face, back and card size.",
    "DeckSpec.cards": "This deck's card data, as the game file's `cards`.",
    "DeckSpec.face": "This deck's face layout, or one per value of a field.",
    "DeckSpec.back": "This deck's back layout, as `face`; leave it out for blank backs.",
    "DeckSpec.size": "This deck's card size: poker, tarot, ..., one on its side (`poker "
    "landscape`) or WxH (`88x63mm`); before the kit's card size and the face layout's.",
    "DesignedGameFile.number_field": "The whole-number field that numbers the cards "
    '(default `number`): a deck file\'s line `"#1-10, 15": 2` names cards by it.',
    "DesignedGameFile.name_field": "The field that names a card in messages, decks, exports "
    "and Tabletop Simulator (default `name`).",
    "DesignedGameFile.icons": "Icon names and their files (SVG, PNG or JPEG): text draws "
    "`:name:` inline, and icon elements draw them.",
    "DesignedGameFile.fonts": "Fonts of the project's own: a name (used as `font: NAME` in a "
    "layout; any text without a comma) and its files, one per face (regular, bold, italic, "
    "bold_italic): TrueType (.ttf), OpenType (.otf) or one font of a collection (.ttc).",
    "FontFile.file": "A font collection (.ttc) of the project's (or any font file).",
    "FontFile.index": "Which font of the collection, counted from 0 (default: the first).",
    "FontFile.name": "Which font of the collection, by its PostScript or full name (case aside).",
    "DesignedGameFile.font": "The font of every layout's text that names none: sans (the "
    "default), serif, a font of `fonts:`, or a fallback chain like [house, symbols, sans].",
    "FieldSpec.type": "text, integer, choice (one of `values`), colour (#rrggbb), image (a "
    "picture's path) or icons (names of the game's icons, separated by spaces or commas).",
    "FieldSpec.required": "Whether every card must have a value (default true).",
    "FieldSpec.curve": "integer: whether `kitgen check --stats` shows a deck's curve of it "
    "(default true; false for a number no curve says anything of, like a card's number).",
    "FieldSpec.min": "integer: the least value.",
    "FieldSpec.max": "integer: the greatest value.",
    "FieldSpec.values": "choice: the values a card may have (1 to 200).",
    "FieldSpec.column": "The header of the column that holds this field, when it is not "
    "the field's name (like `Est. VP`; case aside).",
    "FieldSpec.max_length": "text: the most characters a value may have (1 to 2,000; the "
    "default 2,000).",
    "CardsSource.file": "The card data file, relative to the game file: .csv, .xlsx, .yaml "
    "or .json.",
    "CardsSource.sheet": "The workbook's sheet that holds the cards (default: the first).",
    "CardsSource.language": "This file holds the cards' text in another of the game's "
    "`languages:` (like de): a row per card, named in the column `name@en` (its name in the "
    "first language), the fields' text in their own columns.",
    "CardsSource.decode": "html: the values write characters as HTML character references "
    "(&quot;, &#039;, &eacute;), as a web API's dump does; kitgen reads the characters.",
    "LayoutChoice.by": "The field whose value picks each card's layout.",
    "LayoutChoice.layouts": "Each value and its layout file; `else` for any other value.",
    "FontFiles.regular": "The TTF file of the regular face.",
    "FontFiles.bold": "The TTF file of the bold face (else the regular one).",
    "FontFiles.italic": "The TTF file of the italic face (else the regular one).",
    "FontFiles.bold_italic": "The TTF file of the bold italic face (else the regular one).",
    "LayoutFile.extends": "A layout this one builds on: it takes that layout's settings and "
    "elements, and an element of the same `name` here changes one.",
    "LayoutFile.size": "The card's size when neither the kit nor the command line gives one: "
    "poker, tarot, square... or WxH like 63x88mm.",
    "LayoutFile.bleed": "The bleed when neither the kit nor the command line gives one (like 3mm).",
    "LayoutFile.safe": "How far inside the cut text keeps (default 3mm); text past it is a "
    "warning.",
    "LayoutFile.background": "A colour or gradient (linear(180, #fff, #000), radial(...)) "
    "that fills the whole card, bleed included: a value, a template or a mapping from a "
    "field's values.",
    "LayoutFile.shape": "The shape its cards are cut to, in the box of their size: rect "
    "(the default), round, hex, hex flat, rounded 3mm, or path followed by SVG path data.",
    "DeckSpec.shape": "This deck's cards' shape (as a layout's `shape:`): round, hex, hex "
    "flat, rounded 3mm or path ...; before its face layout's.",
    "LayoutFile.font": "The font of this layout's text elements that name none (and of the "
    "layouts that extend it): a font, or a fallback chain like [house, symbols, sans].",
    "LayoutFile.styles": "Span styles its text names (`{prereq}Trash 1 Stone{/}`): each "
    "style's name and what it sets over the text around it: colour, size, font, bold, "
    "italic, shift (over the styles of the layout it extends).",
    "SpanStyleFile.colour": "The span's colour: #rrggbb, #rgb, black or white.",
    "SpanStyleFile.size": "The span's size: points (9, 9pt: its size while the text is at "
    "its own `size`; it shrinks with the text) or a share of the text around it (80%).",
    "SpanStyleFile.font": "The span's font: sans, serif or a font of the game file's `fonts:`.",
    "SpanStyleFile.bold": "true: the span is bold; false: not, even in a bold text.",
    "SpanStyleFile.italic": "true: the span is italic; false: not, even in an italic text.",
    "SpanStyleFile.shift": "How far the span's baseline is raised: points (2pt) or a share "
    "of the text around it (30%); negative lowers it (-30%).",
    "LayoutFile.elements": "What the card shows, drawn in order, later over earlier: shapes, "
    "text, images and icons (at most 200).",
    "Element.type": "rect, ellipse, line, polygon, star, arc, path, text, image, icon, group "
    "(elements in a box of their own) or component (a layout placed with parameters); leave "
    "it out to change the element of the same `name` in the layout this one extends.",
    "Element.z": "Where it is drawn among the elements beside it: higher over lower (-1000 "
    "to 1000, default 0); the same, in the order written.",
    "Element.elements": "group: its elements, placed in its box (their % of the group's "
    "box), turned, cut, made see-through and shown with it.",
    "Element.layout": "component: a layout file whose elements are drawn in this box, like "
    "a cost badge many layouts share.",
    "Element.params": "component: values for the parameters its layout declares "
    "(`params:` there): a value, a template over the card's fields ({{ cost }}) or a "
    "mapping from a field's values.",
    "LayoutFile.params": "A component's parameters and their values when a layout placing "
    "it gives none: its templates read them by name ({{ value }}).",
    "Element.name": "The element's name: messages name it, and a layout that extends this "
    "one changes it by this name.",
    "Element.x": "How far in from the `anchor` point, across: mm when bare, or mm, cm, in, pt, "
    "or % of the card's width (default 0).",
    "Element.y": "How far in from the `anchor` point, up or down: mm when bare, or mm, cm, in, "
    "pt, or % of the card's height (default 0).",
    "Element.width": "The element's width (a line: how far across it runs); default 100%.",
    "Element.height": "The element's height (a line: how far down it runs); default 100%.",
    "Element.anchor": "The card's point that `x` and `y` measure from, and the element's own "
    "point put there: top-left (the default), top, top-right, left, centre, right, "
    "bottom-left, bottom or bottom-right.",
    "Element.rotate": "Degrees to turn the element clockwise (-360 to 360) about its "
    "`pivot`: 90 sets text running down the card (give its box upright).",
    "Element.pivot": "The point of its box it turns about, named as `anchor` names one "
    "(default centre).",
    "Element.when": "Show the element only on some cards: fields and a value or list of "
    'values (`{type: spell}`; a number field\'s may be ranges, `{number: "1-10, 15"}`), '
    "or an expression over the fields (`cost > 3`).",
    "Element.fill": "rect, ellipse, polygon, star, arc, path: the fill colour (#rrggbb, "
    "#rgb, black, white or none), or a gradient: linear(ANGLE, COLOUR [STOP%], ...), "
    "towards ANGLE degrees clockwise from the top, or radial(COLOUR [STOP%], ...).",
    "Element.opacity": "Any element: how opaque it is drawn, 0 (unseen) to 1 (the "
    "default), or 0% to 100%; what lies under it shows through.",
    "Element.fill_opacity": "rect, ellipse, polygon, star, arc, path: how opaque the fill "
    "is, 0 to 1 (times the element's `opacity`).",
    "Element.stroke_opacity": "rect, ellipse, line, polygon, star, arc, path: how opaque "
    "the outline is, 0 to 1 (times the element's `opacity`).",
    "Element.outline": "text: a colour round its letters' edges (white text outlined in "
    "black reads on any art).",
    "Element.outline_width": "text: how wide the outline round its letters is (default 0.5pt).",
    "Element.shadow": "text: the colour of a shadow its letters cast (drawn under them).",
    "Element.shadow_offset": "text: how far the shadow lies right and down, like `0.4mm "
    "0.4mm` (the default; negative: left and up).",
    "Element.stroke": "rect, ellipse, line, polygon, star, arc, path: the outline's colour, "
    "or none.",
    "Element.stroke_width": "rect, ellipse, line, polygon, star, arc, path: the outline's "
    "width, a "
    "length (default 0.5pt).",
    "Element.radius": "rect: the radius of its rounded corners, a length; polygon, star: how "
    "far each corner is rounded back along its sides.",
    "Element.dash": "shapes (rect, ellipse, line, polygon, star, arc, path): the outline's "
    "dashes: solid (the default), dashed, dotted, or lengths of dashes and gaps in turn "
    "(`3mm 1mm`).",
    "Element.cap": "shapes: the ends of the outline's lines and dashes: butt (the default), "
    "round or square.",
    "Element.join": "shapes: the outline's corners: miter (the default, sharp), round or bevel.",
    "Element.sides": "polygon: a regular polygon's sides (3 to 64: 6 is a hexagon), its "
    "corners on the ellipse its box holds, the first at the top.",
    "Element.points": "polygon: its own corners instead, `x y` pairs split by commas from "
    "its box's top-left corner (`0 100%, 100% 100%, 50% 0`: % of the box, bare numbers mm).",
    "Element.tips": "star: its points (3 to 64; default 5).",
    "Element.inner": "star: how far in its inner corners lie, of its outer ones (0.05 to "
    "0.95, or 40%; default 0.4).",
    "Element.rotation": "polygon, star: degrees it is turned clockwise (-360 to 360; "
    "default 0, a corner at the top).",
    "Element.start": "arc: where it starts, degrees clockwise from the top (0 is 12 "
    "o'clock, 90 is 3 o'clock; default 0).",
    "Element.end": "arc: where it ends, degrees clockwise from the top (default 360: the "
    "whole way round).",
    "Element.clip": "image, group, component: the shape it is cut to in its box: box (the "
    "default), ellipse, "
    "round 3mm, polygon 6 (polygon 8 22.5: turned), or path followed by SVG path data.",
    "Element.d": "path: SVG path data, as in <path d=...> (M L H V C S Q T A Z, relative "
    "too): an icon's path pastes as it is.",
    "Element.view": "path: the part of its plane drawn in the box, as an SVG's viewBox "
    "(`0 0 24 24`); default the box round its points.",
    "Element.sector": "arc: true for a slice of a pie (closed through the middle, filled); "
    "default false, an open arc drawn as a line.",
    "Element.bleed": "rect, image: true runs each edge on the cut line (or in the bleed) out to "
    "the bleed's edge, so a cut a little off shows no sliver (default false).",
    "Element.text": "text: what it prints, a template over the fields (like `{{ rules }}`); "
    "**bold**, *italic* and `:icon:` work in it, and filters like `{{ level | roman }}`, "
    "`{{ bonus | signed }}`, `{{ cost | plural('coin') }}`, `{{ price | number(2) }}`, "
    "`{{ blank | replace('_', '____') }}`.",
    "Element.font": "text: sans, serif, a font of the game file's `fonts:`, or a fallback "
    "chain of them ([house, symbols, sans]: each draws what the ones before it lack); "
    "default the layout's `font:`, else the game file's, else sans.",
    "Element.size": "text: its size in points (default 10).",
    "Element.min_size": "text: the smallest size it may shrink to, to fit its box (default 6).",
    "Element.bold": "text: bold (default false).",
    "Element.italic": "text: italic (default false).",
    "Element.colour": "text: its colour (default black).",
    "Element.align": "text: left, centre or right (unset: right for Arabic and Hebrew).",
    "Element.valign": "text: top, middle or bottom of its box.",
    "Element.leading": "text: the distance between lines, times the size (default 1.2).",
    "Element.wrap": "text: wrap at spaces to the box's width (default true).",
    "Element.icon_scale": "text: the size of `:icon:` icons, times the capitals' height "
    "(default 1).",
    "Element.src": "image: a picture file from the game file's folder, often a template like "
    "`art/{{ name }}.png`.",
    "Element.icon": "icon: the name of one of the game file's `icons:`.",
    "Element.fit": "image, icon: fit (the whole picture inside the box, the default), fill "
    "(stretched to the box) or crop (covering the box, what sticks out cut off).",
    "Element.tint": "icon: a colour to draw a one-colour icon in; image: a colour the "
    "picture is multiplied by (white takes the colour, black stays black).",
    "DesignedDeckFile.name": "The deck's name.",
    "DesignedDeckFile.deck": "In a game of several decks: the deck whose cards this one "
    "draws (by its name in the game file's `decks:`).",
    "DesignedDeckFile.description": "A line or two about the deck.",
    "DesignedDeckFile.cards": "Card names and their copies (1 to 99); names are matched with "
    "case, spaces and punctuation aside.",
    "DesignedDeckFile.sideboard": "The sideboard: card names and their copies.",
    "DesignedDeckFile.identity": "The deck's identity, by name: a card the game's deck rules "
    "call an identity (`identity:`), kept apart from the deck's cards.",
    "DesignedDeckFile.format": "The format of play the deck is built for, one of the game's "
    "`formats:` (left out: the first).",
}
