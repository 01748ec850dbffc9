"""hurricane"""
