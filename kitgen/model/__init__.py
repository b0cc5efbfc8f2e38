"""Typed data for kitgen: findings, source locations, and each game's file models."""
