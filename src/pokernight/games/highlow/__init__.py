"""highlow"""
