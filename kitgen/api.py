"""The one public face of kitgen for game packages: what a game of kitgen's own and a
game of another package (tests/toygame/, an installed one) import from the core, and
nothing else (tests/test_api.py holds every game package to it; docs/adding-a-game.md
says what each name is for).

Every name is loaded when first asked for (`from kitgen.api import Finding` imports
kitgen.model.findings then, not before), so a game's module that imports a drawing
helper inside a function still pays for it only when it draws, as before: a plain
`kitgen check` imports no more than it did. For type checkers the names are imported
below as they are.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kitgen import registry as registry
    from kitgen.build import KitBuilder as KitBuilder
    from kitgen.build import resolve_setup as resolve_setup
    from kitgen.cli.check import echo as echo
    from kitgen.cli.common import AllowOutsideOption as AllowOutsideOption
    from kitgen.cli.common import BalanceReportOption as BalanceReportOption
    from kitgen.cli.common import FormatOption as FormatOption
    from kitgen.cli.common import GamesOption as GamesOption
    from kitgen.cli.common import JobsOption as JobsOption
    from kitgen.cli.common import OutputFormat as OutputFormat
    from kitgen.cli.common import ReportFormatOption as ReportFormatOption
    from kitgen.cli.common import ReportPaperOption as ReportPaperOption
    from kitgen.cli.common import SeedOption as SeedOption
    from kitgen.cli.common import check_report_path as check_report_path
    from kitgen.cli.common import command_line as command_line
    from kitgen.cli.common import echo_findings as echo_findings
    from kitgen.cli.common import follows_references as follows_references
    from kitgen.cli.common import friendly as friendly
    from kitgen.cli.common import game_command as game_command
    from kitgen.cli.common import progress_bar as progress_bar
    from kitgen.cli.common import show_report as show_report
    from kitgen.cli.common import show_simulation as show_simulation
    from kitgen.cli.common import with_progress as with_progress
    from kitgen.errors import KitgenError as KitgenError
    from kitgen.errors import UsageError as UsageError
    from kitgen.game import Outcome as Outcome
    from kitgen.game import Wrapping as Wrapping
    from kitgen.kit import FileReport as FileReport
    from kitgen.kit import check_document as check_document
    from kitgen.layout.cutting import with_cut_lines as with_cut_lines
    from kitgen.layout.geometry import Box as Box
    from kitgen.layout.geometry import Grid as Grid
    from kitgen.layout.geometry import LayoutError as LayoutError
    from kitgen.layout.geometry import Size as Size
    from kitgen.layout.impose import check_pages as check_pages
    from kitgen.layout.impose import plan_grid as plan_grid
    from kitgen.layout.limits import PRINT_LIMITS as PRINT_LIMITS
    from kitgen.layout.limits import too_many_cards as too_many_cards
    from kitgen.layout.mat import MatPlan as MatPlan
    from kitgen.layout.mat import plan_mat as plan_mat
    from kitgen.layout.paper import card_size as card_size
    from kitgen.layout.setup import PrintSetup as PrintSetup
    from kitgen.layout.shapes import CardShape as CardShape
    from kitgen.layout.shapes import ShapeError as ShapeError
    from kitgen.layout.shapes import polygon_holds_box as polygon_holds_box
    from kitgen.layout.shapes import polygon_meets_box as polygon_meets_box
    from kitgen.layout.shapes import read_shape as read_shape
    from kitgen.layout.svgpath import Path as Path
    from kitgen.layout.svgpath import PathError as PathError
    from kitgen.layout.svgpath import parse_path as parse_path
    from kitgen.layout.tile import Tile as Tile
    from kitgen.layout.tile import tile as tile
    from kitgen.layout.units import MM as MM
    from kitgen.layout.units import UNITS as UNITS
    from kitgen.layout.units import format_mm as format_mm
    from kitgen.layout.units import parse_length as parse_length
    from kitgen.load.cards import CardReader as CardReader
    from kitgen.load.documents import read_bytes as read_bytes
    from kitgen.load.documents import read_document as read_document
    from kitgen.load.fontfile import FontSource as FontSource
    from kitgen.load.fontfile import font_file_problem as font_file_problem
    from kitgen.load.images import DEFAULT_LIMITS as DEFAULT_LIMITS
    from kitgen.load.images import LOW_DPI as LOW_DPI
    from kitgen.load.images import ImageLimits as ImageLimits
    from kitgen.load.images import ImageProblem as ImageProblem
    from kitgen.load.images import art_path as art_path
    from kitgen.load.images import check_art as check_art
    from kitgen.load.images import is_draft as is_draft
    from kitgen.load.images import print_dpi as print_dpi
    from kitgen.load.images import read_image as read_image
    from kitgen.load.kits import kit_sheet as kit_sheet
    from kitgen.load.kits import named_document as named_document
    from kitgen.load.kits import over_card_limit as over_card_limit
    from kitgen.load.printable import check_all_printable as check_all_printable
    from kitgen.load.printable import check_printable as check_printable
    from kitgen.load.printable import plain as plain
    from kitgen.load.printable import undrawable_message as undrawable_message
    from kitgen.load.printable import unprintable as unprintable
    from kitgen.load.references import allowing_outside as allowing_outside
    from kitgen.load.references import check_reference as check_reference
    from kitgen.load.references import outside_allowed as outside_allowed
    from kitgen.load.replay import MoveLog as MoveLog
    from kitgen.load.replay import replay_moves as replay_moves
    from kitgen.load.shipped import shipped_numbers as shipped_numbers
    from kitgen.load.shipped import shipped_players as shipped_players
    from kitgen.load.table import read_table as read_table
    from kitgen.load.table import unescape_html as unescape_html
    from kitgen.load.table_shape import Cell as Cell
    from kitgen.load.table_shape import Table as Table
    from kitgen.load.table_shape import TableLimits as TableLimits
    from kitgen.load.validate import validate as validate
    from kitgen.load.yamlsrc import decode_utf8 as decode_utf8
    from kitgen.load.yamlsrc import parse_yaml as parse_yaml
    from kitgen.model.base import LANGUAGE_PATTERN as LANGUAGE_PATTERN
    from kitgen.model.base import CardText as CardText
    from kitgen.model.base import Colour as Colour
    from kitgen.model.base import Id as Id
    from kitgen.model.base import Language as Language
    from kitgen.model.base import Located as Located
    from kitgen.model.base import Name as Name
    from kitgen.model.base import RelPath as RelPath
    from kitgen.model.base import Spec as Spec
    from kitgen.model.base import Text as Text
    from kitgen.model.base import accepts as accepts
    from kitgen.model.base import described as described
    from kitgen.model.base import empty as empty
    from kitgen.model.base import empty_map as empty_map
    from kitgen.model.base import in_schema as in_schema
    from kitgen.model.base import normalise as normalise
    from kitgen.model.base import present as present
    from kitgen.model.base import suggest as suggest
    from kitgen.model.deck_rules import DeckRules as DeckRules
    from kitgen.model.deck_rules import DeckRulesHolder as DeckRulesHolder
    from kitgen.model.deck_rules import InPlayRule as InPlayRule
    from kitgen.model.deck_rules import played_format as played_format
    from kitgen.model.deck_rules import trusted_rules as trusted_rules
    from kitgen.model.document import Document as Document
    from kitgen.model.figures import FigureIssue as FigureIssue
    from kitgen.model.findings import CodeInfo as CodeInfo
    from kitgen.model.findings import Finding as Finding
    from kitgen.model.findings import Location as Location
    from kitgen.model.findings import add_codes as add_codes
    from kitgen.model.findings import finding as finding
    from kitgen.model.findings import has_errors as has_errors
    from kitgen.model.findings import warning as warning
    from kitgen.model.game import DECK_RULES as DECK_RULES
    from kitgen.model.game import GameFile as GameFile
    from kitgen.model.kit import Ink as Ink
    from kitgen.model.kit import KitBase as KitBase
    from kitgen.model.kit import Length as Length
    from kitgen.model.kit import PrintSettings as PrintSettings
    from kitgen.model.kit import Reference as Reference
    from kitgen.model.kit import ReferenceCard as ReferenceCard
    from kitgen.model.params import fill_parameters as fill_parameters
    from kitgen.model.standard import BLACK_JOKER as BLACK_JOKER
    from kitgen.model.standard import RED_JOKER as RED_JOKER
    from kitgen.model.standard import SUIT_NAMES as SUIT_NAMES
    from kitgen.model.standard import SUITS as SUITS
    from kitgen.model.standard import Card as Card
    from kitgen.model.standard import Colour as SuitColour
    from kitgen.model.standard import full_deck as full_deck
    from kitgen.names import WINDOWS_RESERVED as WINDOWS_RESERVED
    from kitgen.names import ascii_words as ascii_words
    from kitgen.names import file_name as file_name
    from kitgen.names import fit as fit_words
    from kitgen.names import fold as fold
    from kitgen.names import fold_words as fold_words
    from kitgen.names import game_id_problem as game_id_problem
    from kitgen.names import joined as joined
    from kitgen.names import name_key as name_key
    from kitgen.names import name_slug as name_slug
    from kitgen.names import spelt as spelt
    from kitgen.paths import game_dir as game_dir
    from kitgen.paths import tidy_path as tidy_path
    from kitgen.play.report import significance_lines as significance_lines
    from kitgen.play.report import within as within
    from kitgen.play.simulation import Option as SimulateOption
    from kitgen.play.simulation import Simulation as Simulation
    from kitgen.play.simulation import Values as Values
    from kitgen.play.simulation import whole_numbers as whole_numbers
    from kitgen.registry import Checked as Checked
    from kitgen.registry import Game as Game
    from kitgen.registry import Replay as Replay
    from kitgen.registry import get as get
    from kitgen.render.booklet import FigurePainter as FigurePainter
    from kitgen.render.booklet import Figures as Figures
    from kitgen.render.booklet import FigureSizer as FigureSizer
    from kitgen.render.booklet import sized_by as sized_by
    from kitgen.render.cards.small import draw_face_down as draw_face_down
    from kitgen.render.cards.small import draw_rank as draw_rank
    from kitgen.render.cards.standard import CAP as CAP
    from kitgen.render.cards.standard import draw_suit as draw_suit
    from kitgen.render.cards.standard import ink_of as ink_of
    from kitgen.render.cards.standard import joker_emblem as joker_emblem
    from kitgen.render.cover import MOST_CARDS as MOST_CARDS
    from kitgen.render.cover import POKER as POKER
    from kitgen.render.cover import CoverCards as CoverCards
    from kitgen.render.cover import from_deck as from_deck
    from kitgen.render.cover import standard_cover as standard_cover
    from kitgen.render.figure_titles import titled as titled
    from kitgen.render.figure_titles import verdict_line as verdict_line
    from kitgen.render.fonts import BOLD as BOLD
    from kitgen.render.fonts import BOLD_ITALIC as BOLD_ITALIC
    from kitgen.render.fonts import ITALIC as ITALIC
    from kitgen.render.fonts import REGULAR as REGULAR
    from kitgen.render.fonts import Family as Family
    from kitgen.render.fonts import builtin_family as builtin_family
    from kitgen.render.fonts import chain_family as chain_family
    from kitgen.render.fonts import face_key as face_key
    from kitgen.render.fonts import has_glyph as has_glyph
    from kitgen.render.fonts import project_family as project_family
    from kitgen.render.fonts import register_fonts as register_fonts
    from kitgen.render.fonts import text_width as text_width
    from kitgen.render.forms import draw_once as draw_once
    from kitgen.render.lightness import is_light as is_light
    from kitgen.render.lightness import on_paper as on_paper
    from kitgen.render.palette import EDGE as EDGE
    from kitgen.render.palette import FAINT as FAINT
    from kitgen.render.palette import GREY as GREY
    from kitgen.render.palette import INK as INK
    from kitgen.render.palette import LINE as LINE
    from kitgen.render.palette import NO_INK as NO_INK
    from kitgen.render.palette import OK_INK as OK_INK
    from kitgen.render.palette import PAPER as PAPER
    from kitgen.render.palette import RULE as RULE
    from kitgen.render.palette import SHADE as SHADE
    from kitgen.render.pdf import finish as finish
    from kitgen.render.pdf import new_canvas as new_canvas
    from kitgen.render.pdf import trace as trace
    from kitgen.render.pictures import Decoded as Decoded
    from kitgen.render.pictures import Picture as Picture
    from kitgen.render.pictures import decode as decode
    from kitgen.render.pictures import draw_picture as draw_picture
    from kitgen.render.pictures import load_picture as load_picture
    from kitgen.render.pictures import low_dpi as low_dpi
    from kitgen.render.pictures import pixel_limit as pixel_limit
    from kitgen.render.pictures import placement as placement
    from kitgen.render.placeholder import draw_placeholder as draw_placeholder
    from kitgen.render.placeholder import placeholder_lines as placeholder_lines
    from kitgen.render.poster import render_tiles as render_tiles
    from kitgen.render.richtext import Look as Look
    from kitgen.render.richtext import could_be_icon as could_be_icon
    from kitgen.render.richtext import draw_rich as draw_rich
    from kitgen.render.richtext import faces_used as faces_used
    from kitgen.render.richtext import fit_rich as fit_rich
    from kitgen.render.richtext import icon_names as icon_names
    from kitgen.render.richtext import line_origins as line_origins
    from kitgen.render.richtext import line_reach as line_reach
    from kitgen.render.richtext import span_names as span_names
    from kitgen.render.rules_text import RulesSandbox as RulesSandbox
    from kitgen.render.rules_text import rule_expressions as rule_expressions
    from kitgen.render.sheets import CardSource as CardSource
    from kitgen.render.sheets import Deck as Deck
    from kitgen.render.sheets import Painter as Painter
    from kitgen.render.sheets import deck_sheets_pdf as deck_sheets_pdf
    from kitgen.render.sheets import draw_marks as draw_marks
    from kitgen.render.sheets import draw_scale_bar as draw_scale_bar
    from kitgen.render.sheets import one_back_deck as one_back_deck
    from kitgen.render.sheets import sheet_label as sheet_label
    from kitgen.render.signs import corner_ticks as corner_ticks
    from kitgen.render.signs import verdict_badge as verdict_badge
    from kitgen.render.symbols import emblem as emblem
    from kitgen.render.symbols import rarity_symbol as rarity_symbol
    from kitgen.render.symbols import star_points as star_points
    from kitgen.render.text import Fitted as Fitted
    from kitgen.render.text import draw_spaced as draw_spaced
    from kitgen.render.text import draw_text as draw_text
    from kitgen.render.text import draw_wrapped as draw_wrapped
    from kitgen.render.text import fit as fit_text
    from kitgen.render.text import line_box as line_box
    from kitgen.render.text import wrap as wrap
    from kitgen.render.textruns import draw_string as draw_string
    from kitgen.rules import deck_rules as deck_rules
    from kitgen.rules.balance import BalanceReport as BalanceReport
    from kitgen.rules.balance import Distribution as Distribution
    from kitgen.rules.balance import Forest as Forest
    from kitgen.rules.balance import Stack as Stack
    from kitgen.rules.balance import balance_of as balance_of
    from kitgen.rules.balance import estimate as estimate
    from kitgen.rules.balance import mean_caption as mean_caption
    from kitgen.rules.balance import on_one_scale as on_one_scale
    from kitgen.rules.balance import rows as rows
    from kitgen.rules.balance import series as series
    from kitgen.rules.balance import shown as balance_shown
    from kitgen.rules.base import draw as draw
    from kitgen.rules.base import shuffle as shuffle
    from kitgen.rules.deck_rules import SUGGESTED as SUGGESTED
    from kitgen.rules.deck_rules import Book as Book
    from kitgen.rules.deck_rules import CardNames as CardNames
    from kitgen.rules.deck_rules import Entry as Entry
    from kitgen.rules.deck_rules import FieldInfo as FieldInfo
    from kitgen.rules.deck_rules import Say as Say
    from kitgen.rules.deck_rules import check_deck as check_deck
    from kitgen.rules.deck_rules import check_rules as check_rules
    from kitgen.rules.deck_rules import deck_stats as deck_stats
    from kitgen.rules.deck_rules import format_key as format_key
    from kitgen.rules.deck_rules import legal_deck as legal_deck
    from kitgen.rules.deck_rules import read_deck as read_deck
    from kitgen.rules.deck_rules import summary as summary
    from kitgen.rules.simulate import Clustered as Clustered
    from kitgen.rules.simulate import comparison as comparison
    from kitgen.rules.simulate import game_seed as game_seed
    from kitgen.rules.simulate import mean_95 as mean_95
    from kitgen.rules.simulate import mean_interval as mean_interval
    from kitgen.rules.simulate import rate_95 as rate_95
    from kitgen.rules.simulate import rate_difference as rate_difference
    from kitgen.rules.simulate import rounded as rounded
    from kitgen.rules.simulate import wilson as wilson
    from kitgen.simulation import BATCH as BATCH
    from kitgen.simulation import MAX_GAMES as MAX_GAMES
    from kitgen.simulation import batch_spans as batch_spans
    from kitgen.simulation import check_players as check_players
    from kitgen.simulation import check_run as check_run
    from kitgen.simulation import in_order as in_order
    from kitgen.simulation import interrupted as interrupted
    from kitgen.simulation import merge_batches as merge_batches
    from kitgen.simulation import play_batches as play_batches
    from kitgen.simulation import play_in_batches as play_in_batches
    from kitgen.simulation import stoppable as stoppable
    from kitgen.starters import comment_text as comment_text
    from kitgen.starters import fill as fill
    from kitgen.starters import folder_schema as folder_schema
    from kitgen.starters import kit_and_rules as kit_and_rules
    from kitgen.starters import kit_file as kit_file
    from kitgen.starters import rules_file as rules_file
    from kitgen.starters import schema_line as schema_line
    from kitgen.starters import template_text as template_text
    from kitgen.starters import yaml_text as yaml_text
    from kitgen.terminal import shown as shown

# Each public name: the module it comes from, and its name there.
NAMES: dict[str, tuple[str, str]] = {
    "accepts": ("kitgen.model.base", "accepts"),
    "add_codes": ("kitgen.model.findings", "add_codes"),
    "allowing_outside": ("kitgen.load.references", "allowing_outside"),
    "AllowOutsideOption": ("kitgen.cli.common", "AllowOutsideOption"),
    "art_path": ("kitgen.load.images", "art_path"),
    "ascii_words": ("kitgen.names", "ascii_words"),
    "balance_of": ("kitgen.rules.balance", "balance_of"),
    "balance_shown": ("kitgen.rules.balance", "shown"),
    "BalanceReport": ("kitgen.rules.balance", "BalanceReport"),
    "BalanceReportOption": ("kitgen.cli.common", "BalanceReportOption"),
    "BATCH": ("kitgen.simulation", "BATCH"),
    "batch_spans": ("kitgen.simulation", "batch_spans"),
    "merge_batches": ("kitgen.simulation", "merge_batches"),
    "BLACK_JOKER": ("kitgen.model.standard", "BLACK_JOKER"),
    "BOLD": ("kitgen.render.fonts", "BOLD"),
    "BOLD_ITALIC": ("kitgen.render.fonts", "BOLD_ITALIC"),
    "Book": ("kitgen.rules.deck_rules", "Book"),
    "Box": ("kitgen.layout.geometry", "Box"),
    "builtin_family": ("kitgen.render.fonts", "builtin_family"),
    "CAP": ("kitgen.render.cards.standard", "CAP"),
    "Card": ("kitgen.model.standard", "Card"),
    "card_size": ("kitgen.layout.paper", "card_size"),
    "CardNames": ("kitgen.rules.deck_rules", "CardNames"),
    "CardReader": ("kitgen.load.cards", "CardReader"),
    "CardShape": ("kitgen.layout.shapes", "CardShape"),
    "CardSource": ("kitgen.render.sheets", "CardSource"),
    "CardText": ("kitgen.model.base", "CardText"),
    "Cell": ("kitgen.load.table_shape", "Cell"),
    "chain_family": ("kitgen.render.fonts", "chain_family"),
    "check_all_printable": ("kitgen.load.printable", "check_all_printable"),
    "check_art": ("kitgen.load.images", "check_art"),
    "check_deck": ("kitgen.rules.deck_rules", "check_deck"),
    "check_document": ("kitgen.kit", "check_document"),
    "check_pages": ("kitgen.layout.impose", "check_pages"),
    "check_players": ("kitgen.simulation", "check_players"),
    "check_printable": ("kitgen.load.printable", "check_printable"),
    "check_reference": ("kitgen.load.references", "check_reference"),
    "check_report_path": ("kitgen.cli.common", "check_report_path"),
    "check_rules": ("kitgen.rules.deck_rules", "check_rules"),
    "check_run": ("kitgen.simulation", "check_run"),
    "Checked": ("kitgen.registry", "Checked"),
    "Clustered": ("kitgen.rules.simulate", "Clustered"),
    "CodeInfo": ("kitgen.model.findings", "CodeInfo"),
    "Colour": ("kitgen.model.base", "Colour"),
    "command_line": ("kitgen.cli.common", "command_line"),
    "comment_text": ("kitgen.starters", "comment_text"),
    "comparison": ("kitgen.rules.simulate", "comparison"),
    "corner_ticks": ("kitgen.render.signs", "corner_ticks"),
    "could_be_icon": ("kitgen.render.richtext", "could_be_icon"),
    "CoverCards": ("kitgen.render.cover", "CoverCards"),
    "Deck": ("kitgen.render.sheets", "Deck"),
    "DECK_RULES": ("kitgen.model.game", "DECK_RULES"),
    "deck_rules": ("kitgen.rules", "deck_rules"),
    "deck_sheets_pdf": ("kitgen.render.sheets", "deck_sheets_pdf"),
    "deck_stats": ("kitgen.rules.deck_rules", "deck_stats"),
    "DeckRules": ("kitgen.model.deck_rules", "DeckRules"),
    "DeckRulesHolder": ("kitgen.model.deck_rules", "DeckRulesHolder"),
    "decode": ("kitgen.render.pictures", "decode"),
    "decode_utf8": ("kitgen.load.yamlsrc", "decode_utf8"),
    "Decoded": ("kitgen.render.pictures", "Decoded"),
    "DEFAULT_LIMITS": ("kitgen.load.images", "DEFAULT_LIMITS"),
    "described": ("kitgen.model.base", "described"),
    "Distribution": ("kitgen.rules.balance", "Distribution"),
    "Document": ("kitgen.model.document", "Document"),
    "draw": ("kitgen.rules.base", "draw"),
    "draw_marks": ("kitgen.render.sheets", "draw_marks"),
    "draw_once": ("kitgen.render.forms", "draw_once"),
    "draw_picture": ("kitgen.render.pictures", "draw_picture"),
    "draw_placeholder": ("kitgen.render.placeholder", "draw_placeholder"),
    "draw_rich": ("kitgen.render.richtext", "draw_rich"),
    "draw_scale_bar": ("kitgen.render.sheets", "draw_scale_bar"),
    "draw_spaced": ("kitgen.render.text", "draw_spaced"),
    "draw_string": ("kitgen.render.textruns", "draw_string"),
    "draw_suit": ("kitgen.render.cards.standard", "draw_suit"),
    "draw_text": ("kitgen.render.text", "draw_text"),
    "draw_wrapped": ("kitgen.render.text", "draw_wrapped"),
    "echo": ("kitgen.cli.check", "echo"),
    "echo_findings": ("kitgen.cli.common", "echo_findings"),
    "emblem": ("kitgen.render.symbols", "emblem"),
    "empty": ("kitgen.model.base", "empty"),
    "empty_map": ("kitgen.model.base", "empty_map"),
    "Entry": ("kitgen.rules.deck_rules", "Entry"),
    "estimate": ("kitgen.rules.balance", "estimate"),
    "face_key": ("kitgen.render.fonts", "face_key"),
    "faces_used": ("kitgen.render.richtext", "faces_used"),
    "Family": ("kitgen.render.fonts", "Family"),
    "FieldInfo": ("kitgen.rules.deck_rules", "FieldInfo"),
    "FigureIssue": ("kitgen.model.figures", "FigureIssue"),
    "FigurePainter": ("kitgen.render.booklet", "FigurePainter"),
    "Figures": ("kitgen.render.booklet", "Figures"),
    "FigureSizer": ("kitgen.render.booklet", "FigureSizer"),
    "file_name": ("kitgen.names", "file_name"),
    "FileReport": ("kitgen.kit", "FileReport"),
    "fill": ("kitgen.starters", "fill"),
    "fill_parameters": ("kitgen.model.params", "fill_parameters"),
    "Finding": ("kitgen.model.findings", "Finding"),
    "finding": ("kitgen.model.findings", "finding"),
    "finish": ("kitgen.render.pdf", "finish"),
    "fit_rich": ("kitgen.render.richtext", "fit_rich"),
    "fit_text": ("kitgen.render.text", "fit"),
    "fit_words": ("kitgen.names", "fit"),
    "Fitted": ("kitgen.render.text", "Fitted"),
    "fold": ("kitgen.names", "fold"),
    "fold_words": ("kitgen.names", "fold_words"),
    "folder_schema": ("kitgen.starters", "folder_schema"),
    "follows_references": ("kitgen.cli.common", "follows_references"),
    "font_file_problem": ("kitgen.load.fontfile", "font_file_problem"),
    "FontSource": ("kitgen.load.fontfile", "FontSource"),
    "Forest": ("kitgen.rules.balance", "Forest"),
    "format_key": ("kitgen.rules.deck_rules", "format_key"),
    "format_mm": ("kitgen.layout.units", "format_mm"),
    "FormatOption": ("kitgen.cli.common", "FormatOption"),
    "friendly": ("kitgen.cli.common", "friendly"),
    "from_deck": ("kitgen.render.cover", "from_deck"),
    "full_deck": ("kitgen.model.standard", "full_deck"),
    "Game": ("kitgen.registry", "Game"),
    "game_command": ("kitgen.cli.common", "game_command"),
    "game_dir": ("kitgen.paths", "game_dir"),
    "game_id_problem": ("kitgen.names", "game_id_problem"),
    "game_seed": ("kitgen.rules.simulate", "game_seed"),
    "GameFile": ("kitgen.model.game", "GameFile"),
    "GamesOption": ("kitgen.cli.common", "GamesOption"),
    "get": ("kitgen.registry", "get"),
    "Grid": ("kitgen.layout.geometry", "Grid"),
    "has_errors": ("kitgen.model.findings", "has_errors"),
    "has_glyph": ("kitgen.render.fonts", "has_glyph"),
    "icon_names": ("kitgen.render.richtext", "icon_names"),
    "Id": ("kitgen.model.base", "Id"),
    "ImageLimits": ("kitgen.load.images", "ImageLimits"),
    "ImageProblem": ("kitgen.load.images", "ImageProblem"),
    "in_order": ("kitgen.simulation", "in_order"),
    "in_schema": ("kitgen.model.base", "in_schema"),
    "Ink": ("kitgen.model.kit", "Ink"),
    "ink_of": ("kitgen.render.cards.standard", "ink_of"),
    "InPlayRule": ("kitgen.model.deck_rules", "InPlayRule"),
    "interrupted": ("kitgen.simulation", "interrupted"),
    "is_draft": ("kitgen.load.images", "is_draft"),
    "is_light": ("kitgen.render.lightness", "is_light"),
    "ITALIC": ("kitgen.render.fonts", "ITALIC"),
    "JobsOption": ("kitgen.cli.common", "JobsOption"),
    "joined": ("kitgen.names", "joined"),
    "joker_emblem": ("kitgen.render.cards.standard", "joker_emblem"),
    "kit_and_rules": ("kitgen.starters", "kit_and_rules"),
    "kit_file": ("kitgen.starters", "kit_file"),
    "kit_sheet": ("kitgen.load.kits", "kit_sheet"),
    "KitBase": ("kitgen.model.kit", "KitBase"),
    "KitBuilder": ("kitgen.build", "KitBuilder"),
    "KitgenError": ("kitgen.errors", "KitgenError"),
    "Language": ("kitgen.model.base", "Language"),
    "LANGUAGE_PATTERN": ("kitgen.model.base", "LANGUAGE_PATTERN"),
    "LayoutError": ("kitgen.layout.geometry", "LayoutError"),
    "legal_deck": ("kitgen.rules.deck_rules", "legal_deck"),
    "Length": ("kitgen.model.kit", "Length"),
    "line_box": ("kitgen.render.text", "line_box"),
    "line_origins": ("kitgen.render.richtext", "line_origins"),
    "line_reach": ("kitgen.render.richtext", "line_reach"),
    "load_picture": ("kitgen.render.pictures", "load_picture"),
    "Located": ("kitgen.model.base", "Located"),
    "Location": ("kitgen.model.findings", "Location"),
    "Look": ("kitgen.render.richtext", "Look"),
    "low_dpi": ("kitgen.render.pictures", "low_dpi"),
    "LOW_DPI": ("kitgen.load.images", "LOW_DPI"),
    "MatPlan": ("kitgen.layout.mat", "MatPlan"),
    "MAX_GAMES": ("kitgen.simulation", "MAX_GAMES"),
    "mean_95": ("kitgen.rules.simulate", "mean_95"),
    "mean_caption": ("kitgen.rules.balance", "mean_caption"),
    "mean_interval": ("kitgen.rules.simulate", "mean_interval"),
    "MM": ("kitgen.layout.units", "MM"),
    "MOST_CARDS": ("kitgen.render.cover", "MOST_CARDS"),
    "MoveLog": ("kitgen.load.replay", "MoveLog"),
    "Name": ("kitgen.model.base", "Name"),
    "name_key": ("kitgen.names", "name_key"),
    "name_slug": ("kitgen.names", "name_slug"),
    "named_document": ("kitgen.load.kits", "named_document"),
    "new_canvas": ("kitgen.render.pdf", "new_canvas"),
    "normalise": ("kitgen.model.base", "normalise"),
    "on_one_scale": ("kitgen.rules.balance", "on_one_scale"),
    "on_paper": ("kitgen.render.lightness", "on_paper"),
    "one_back_deck": ("kitgen.render.sheets", "one_back_deck"),
    "Outcome": ("kitgen.game", "Outcome"),
    "OutputFormat": ("kitgen.cli.common", "OutputFormat"),
    "outside_allowed": ("kitgen.load.references", "outside_allowed"),
    "over_card_limit": ("kitgen.load.kits", "over_card_limit"),
    "Painter": ("kitgen.render.sheets", "Painter"),
    "parse_length": ("kitgen.layout.units", "parse_length"),
    "parse_path": ("kitgen.layout.svgpath", "parse_path"),
    "parse_yaml": ("kitgen.load.yamlsrc", "parse_yaml"),
    "Path": ("kitgen.layout.svgpath", "Path"),
    "PathError": ("kitgen.layout.svgpath", "PathError"),
    "Picture": ("kitgen.render.pictures", "Picture"),
    "pixel_limit": ("kitgen.render.pictures", "pixel_limit"),
    "placeholder_lines": ("kitgen.render.placeholder", "placeholder_lines"),
    "placement": ("kitgen.render.pictures", "placement"),
    "plain": ("kitgen.load.printable", "plain"),
    "plan_grid": ("kitgen.layout.impose", "plan_grid"),
    "plan_mat": ("kitgen.layout.mat", "plan_mat"),
    "play_batches": ("kitgen.simulation", "play_batches"),
    "play_in_batches": ("kitgen.simulation", "play_in_batches"),
    "played_format": ("kitgen.model.deck_rules", "played_format"),
    "POKER": ("kitgen.render.cover", "POKER"),
    "polygon_holds_box": ("kitgen.layout.shapes", "polygon_holds_box"),
    "polygon_meets_box": ("kitgen.layout.shapes", "polygon_meets_box"),
    "present": ("kitgen.model.base", "present"),
    "print_dpi": ("kitgen.load.images", "print_dpi"),
    "PRINT_LIMITS": ("kitgen.layout.limits", "PRINT_LIMITS"),
    "PrintSettings": ("kitgen.model.kit", "PrintSettings"),
    "PrintSetup": ("kitgen.layout.setup", "PrintSetup"),
    "progress_bar": ("kitgen.cli.common", "progress_bar"),
    "project_family": ("kitgen.render.fonts", "project_family"),
    "rarity_symbol": ("kitgen.render.symbols", "rarity_symbol"),
    "rate_95": ("kitgen.rules.simulate", "rate_95"),
    "rate_difference": ("kitgen.rules.simulate", "rate_difference"),
    "read_bytes": ("kitgen.load.documents", "read_bytes"),
    "read_deck": ("kitgen.rules.deck_rules", "read_deck"),
    "read_document": ("kitgen.load.documents", "read_document"),
    "read_image": ("kitgen.load.images", "read_image"),
    "read_shape": ("kitgen.layout.shapes", "read_shape"),
    "read_table": ("kitgen.load.table", "read_table"),
    "RED_JOKER": ("kitgen.model.standard", "RED_JOKER"),
    "Reference": ("kitgen.model.kit", "Reference"),
    "ReferenceCard": ("kitgen.model.kit", "ReferenceCard"),
    "register_fonts": ("kitgen.render.fonts", "register_fonts"),
    "REGULAR": ("kitgen.render.fonts", "REGULAR"),
    "RelPath": ("kitgen.model.base", "RelPath"),
    "render_tiles": ("kitgen.render.poster", "render_tiles"),
    "Replay": ("kitgen.registry", "Replay"),
    "replay_moves": ("kitgen.load.replay", "replay_moves"),
    "ReportFormatOption": ("kitgen.cli.common", "ReportFormatOption"),
    "ReportPaperOption": ("kitgen.cli.common", "ReportPaperOption"),
    "resolve_setup": ("kitgen.build", "resolve_setup"),
    "rounded": ("kitgen.rules.simulate", "rounded"),
    "rows": ("kitgen.rules.balance", "rows"),
    "rule_expressions": ("kitgen.render.rules_text", "rule_expressions"),
    "rules_file": ("kitgen.starters", "rules_file"),
    "RulesSandbox": ("kitgen.render.rules_text", "RulesSandbox"),
    "Say": ("kitgen.rules.deck_rules", "Say"),
    "schema_line": ("kitgen.starters", "schema_line"),
    "SeedOption": ("kitgen.cli.common", "SeedOption"),
    "series": ("kitgen.rules.balance", "series"),
    "ShapeError": ("kitgen.layout.shapes", "ShapeError"),
    "sheet_label": ("kitgen.render.sheets", "sheet_label"),
    "show_report": ("kitgen.cli.common", "show_report"),
    "show_simulation": ("kitgen.cli.common", "show_simulation"),
    "shipped_numbers": ("kitgen.load.shipped", "shipped_numbers"),
    "shipped_players": ("kitgen.load.shipped", "shipped_players"),
    "EDGE": ("kitgen.render.palette", "EDGE"),
    "FAINT": ("kitgen.render.palette", "FAINT"),
    "GREY": ("kitgen.render.palette", "GREY"),
    "INK": ("kitgen.render.palette", "INK"),
    "LINE": ("kitgen.render.palette", "LINE"),
    "NO_INK": ("kitgen.render.palette", "NO_INK"),
    "OK_INK": ("kitgen.render.palette", "OK_INK"),
    "PAPER": ("kitgen.render.palette", "PAPER"),
    "RULE": ("kitgen.render.palette", "RULE"),
    "SHADE": ("kitgen.render.palette", "SHADE"),
    "sized_by": ("kitgen.render.booklet", "sized_by"),
    "draw_face_down": ("kitgen.render.cards.small", "draw_face_down"),
    "draw_rank": ("kitgen.render.cards.small", "draw_rank"),
    "SimulateOption": ("kitgen.play.simulation", "Option"),
    "Simulation": ("kitgen.play.simulation", "Simulation"),
    "Values": ("kitgen.play.simulation", "Values"),
    "whole_numbers": ("kitgen.play.simulation", "whole_numbers"),
    "shown": ("kitgen.terminal", "shown"),
    "shuffle": ("kitgen.rules.base", "shuffle"),
    "significance_lines": ("kitgen.play.report", "significance_lines"),
    "Size": ("kitgen.layout.geometry", "Size"),
    "span_names": ("kitgen.render.richtext", "span_names"),
    "Spec": ("kitgen.model.base", "Spec"),
    "spelt": ("kitgen.names", "spelt"),
    "Stack": ("kitgen.rules.balance", "Stack"),
    "standard_cover": ("kitgen.render.cover", "standard_cover"),
    "star_points": ("kitgen.render.symbols", "star_points"),
    "stoppable": ("kitgen.simulation", "stoppable"),
    "suggest": ("kitgen.model.base", "suggest"),
    "SUGGESTED": ("kitgen.rules.deck_rules", "SUGGESTED"),
    "SUIT_NAMES": ("kitgen.model.standard", "SUIT_NAMES"),
    "SuitColour": ("kitgen.model.standard", "Colour"),
    "SUITS": ("kitgen.model.standard", "SUITS"),
    "summary": ("kitgen.rules.deck_rules", "summary"),
    "Table": ("kitgen.load.table_shape", "Table"),
    "TableLimits": ("kitgen.load.table_shape", "TableLimits"),
    "template_text": ("kitgen.starters", "template_text"),
    "Text": ("kitgen.model.base", "Text"),
    "text_width": ("kitgen.render.fonts", "text_width"),
    "tidy_path": ("kitgen.paths", "tidy_path"),
    "Tile": ("kitgen.layout.tile", "Tile"),
    "tile": ("kitgen.layout.tile", "tile"),
    "titled": ("kitgen.render.figure_titles", "titled"),
    "too_many_cards": ("kitgen.layout.limits", "too_many_cards"),
    "trace": ("kitgen.render.pdf", "trace"),
    "trusted_rules": ("kitgen.model.deck_rules", "trusted_rules"),
    "undrawable_message": ("kitgen.load.printable", "undrawable_message"),
    "unescape_html": ("kitgen.load.table", "unescape_html"),
    "UNITS": ("kitgen.layout.units", "UNITS"),
    "unprintable": ("kitgen.load.printable", "unprintable"),
    "UsageError": ("kitgen.errors", "UsageError"),
    "validate": ("kitgen.load.validate", "validate"),
    "verdict_badge": ("kitgen.render.signs", "verdict_badge"),
    "verdict_line": ("kitgen.render.figure_titles", "verdict_line"),
    "warning": ("kitgen.model.findings", "warning"),
    "wilson": ("kitgen.rules.simulate", "wilson"),
    "WINDOWS_RESERVED": ("kitgen.names", "WINDOWS_RESERVED"),
    "with_cut_lines": ("kitgen.layout.cutting", "with_cut_lines"),
    "with_progress": ("kitgen.cli.common", "with_progress"),
    "within": ("kitgen.play.report", "within"),
    "wrap": ("kitgen.render.text", "wrap"),
    "Wrapping": ("kitgen.game", "Wrapping"),
    "yaml_text": ("kitgen.starters", "yaml_text"),
    "registry": ("kitgen", "registry"),
}

__all__ = [
    "BATCH",
    "BLACK_JOKER",
    "BOLD",
    "BOLD_ITALIC",
    "CAP",
    "DECK_RULES",
    "DEFAULT_LIMITS",
    "EDGE",
    "FAINT",
    "GREY",
    "INK",
    "ITALIC",
    "LANGUAGE_PATTERN",
    "LINE",
    "LOW_DPI",
    "MAX_GAMES",
    "MM",
    "MOST_CARDS",
    "NO_INK",
    "OK_INK",
    "PAPER",
    "POKER",
    "PRINT_LIMITS",
    "RED_JOKER",
    "REGULAR",
    "RULE",
    "SHADE",
    "SUGGESTED",
    "SUITS",
    "SUIT_NAMES",
    "UNITS",
    "WINDOWS_RESERVED",
    "AllowOutsideOption",
    "BalanceReport",
    "BalanceReportOption",
    "Book",
    "Box",
    "Card",
    "CardNames",
    "CardReader",
    "CardShape",
    "CardSource",
    "CardText",
    "Cell",
    "Checked",
    "Clustered",
    "CodeInfo",
    "Colour",
    "CoverCards",
    "Deck",
    "DeckRules",
    "DeckRulesHolder",
    "Decoded",
    "Distribution",
    "Document",
    "Entry",
    "Family",
    "FieldInfo",
    "FigureIssue",
    "FigurePainter",
    "FigureSizer",
    "Figures",
    "FileReport",
    "Finding",
    "Fitted",
    "FontSource",
    "Forest",
    "FormatOption",
    "Game",
    "GameFile",
    "GamesOption",
    "Grid",
    "Id",
    "ImageLimits",
    "ImageProblem",
    "InPlayRule",
    "Ink",
    "JobsOption",
    "KitBase",
    "KitBuilder",
    "KitgenError",
    "Language",
    "LayoutError",
    "Length",
    "Located",
    "Location",
    "Look",
    "MatPlan",
    "MoveLog",
    "Name",
    "Outcome",
    "OutputFormat",
    "Painter",
    "Path",
    "PathError",
    "Picture",
    "PrintSettings",
    "PrintSetup",
    "Reference",
    "ReferenceCard",
    "RelPath",
    "Replay",
    "ReportFormatOption",
    "ReportPaperOption",
    "RulesSandbox",
    "Say",
    "SeedOption",
    "ShapeError",
    "SimulateOption",
    "Simulation",
    "Size",
    "Spec",
    "Stack",
    "SuitColour",
    "Table",
    "TableLimits",
    "Text",
    "Tile",
    "UsageError",
    "Values",
    "Wrapping",
    "accepts",
    "add_codes",
    "allowing_outside",
    "art_path",
    "ascii_words",
    "balance_of",
    "balance_shown",
    "batch_spans",
    "builtin_family",
    "card_size",
    "chain_family",
    "check_all_printable",
    "check_art",
    "check_deck",
    "check_document",
    "check_pages",
    "check_players",
    "check_printable",
    "check_reference",
    "check_report_path",
    "check_rules",
    "check_run",
    "command_line",
    "comment_text",
    "comparison",
    "corner_ticks",
    "could_be_icon",
    "deck_rules",
    "deck_sheets_pdf",
    "deck_stats",
    "decode",
    "decode_utf8",
    "described",
    "draw",
    "draw_face_down",
    "draw_marks",
    "draw_once",
    "draw_picture",
    "draw_placeholder",
    "draw_rank",
    "draw_rich",
    "draw_scale_bar",
    "draw_spaced",
    "draw_string",
    "draw_suit",
    "draw_text",
    "draw_wrapped",
    "echo",
    "echo_findings",
    "emblem",
    "empty",
    "empty_map",
    "estimate",
    "face_key",
    "faces_used",
    "file_name",
    "fill",
    "fill_parameters",
    "finding",
    "finish",
    "fit_rich",
    "fit_text",
    "fit_words",
    "fold",
    "fold_words",
    "folder_schema",
    "follows_references",
    "font_file_problem",
    "format_key",
    "format_mm",
    "friendly",
    "from_deck",
    "full_deck",
    "game_command",
    "game_dir",
    "game_id_problem",
    "game_seed",
    "get",
    "has_errors",
    "has_glyph",
    "icon_names",
    "in_order",
    "in_schema",
    "ink_of",
    "interrupted",
    "is_draft",
    "is_light",
    "joined",
    "joker_emblem",
    "kit_and_rules",
    "kit_file",
    "kit_sheet",
    "legal_deck",
    "line_box",
    "line_origins",
    "line_reach",
    "load_picture",
    "low_dpi",
    "mean_95",
    "mean_caption",
    "mean_interval",
    "merge_batches",
    "name_key",
    "name_slug",
    "named_document",
    "new_canvas",
    "normalise",
    "on_one_scale",
    "on_paper",
    "one_back_deck",
    "outside_allowed",
    "over_card_limit",
    "parse_length",
    "parse_path",
    "parse_yaml",
    "pixel_limit",
    "placeholder_lines",
    "placement",
    "plain",
    "plan_grid",
    "plan_mat",
    "play_batches",
    "play_in_batches",
    "played_format",
    "polygon_holds_box",
    "polygon_meets_box",
    "present",
    "print_dpi",
    "progress_bar",
    "project_family",
    "rarity_symbol",
    "rate_95",
    "rate_difference",
    "read_bytes",
    "read_deck",
    "read_document",
    "read_image",
    "read_shape",
    "read_table",
    "register_fonts",
    "registry",
    "render_tiles",
    "replay_moves",
    "resolve_setup",
    "rounded",
    "rows",
    "rule_expressions",
    "rules_file",
    "schema_line",
    "series",
    "sheet_label",
    "shipped_numbers",
    "shipped_players",
    "show_report",
    "show_simulation",
    "shown",
    "shuffle",
    "significance_lines",
    "sized_by",
    "span_names",
    "spelt",
    "standard_cover",
    "star_points",
    "stoppable",
    "suggest",
    "summary",
    "template_text",
    "text_width",
    "tidy_path",
    "tile",
    "titled",
    "too_many_cards",
    "trace",
    "trusted_rules",
    "undrawable_message",
    "unescape_html",
    "unprintable",
    "validate",
    "verdict_badge",
    "verdict_line",
    "warning",
    "whole_numbers",
    "wilson",
    "with_cut_lines",
    "with_progress",
    "within",
    "wrap",
    "yaml_text",
]


def __getattr__(name: str) -> Any:
    """A public name, from its module (imported then, and kept)."""
    found = NAMES.get(name)
    if found is None:
        raise AttributeError(f"kitgen.api has no name {name!r}")
    module = import_module(found[0])
    try:
        value = getattr(module, found[1])
    except AttributeError:  # (a module of a package: `deck_rules` of kitgen.rules)
        value = import_module(f"{found[0]}.{found[1]}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
