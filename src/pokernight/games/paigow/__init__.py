"""paigow"""
