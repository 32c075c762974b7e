"""The built-in masks (PNG files), installed as package data; see scripts/draw_masks.py."""
