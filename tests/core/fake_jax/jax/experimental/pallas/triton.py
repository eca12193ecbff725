class CompilerParams:
    BACKEND = "triton"

    def __init__(self, **options):
        self.options = options
