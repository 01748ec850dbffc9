"""bigtwo"""
