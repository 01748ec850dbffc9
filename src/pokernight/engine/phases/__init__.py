"""The phases a hand being played walks through, each a small machine of its own: a betting
round, a draw. (Evaluating the hands shown at the end is ``pokernight.hands``' work.)"""
