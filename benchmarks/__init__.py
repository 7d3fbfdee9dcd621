"""pysolver's benchmark suite: instance families, the runner, raw clingo speed, ASP-Competition export.

    python -m benchmarks run [--quick] [--family F] [--json] [--repeat R] [--results DIR]
    python -m benchmarks raw [--quick] [--family F] [--repeat R]
    python -m benchmarks export DIR [--quick] [--family F] [--no-configurations]
    python -m benchmarks configurations [--quick] [--family F] [--repeat R]

See benchmarks/README.md for what each family stresses and the latest figures.
"""
