"""The bundled font, Andika (OFL.txt), installed as package data; see README.md here."""
