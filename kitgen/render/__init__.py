"""Render: the only layer that draws (reportlab, Pillow, jinja2, pypdfium2)."""
