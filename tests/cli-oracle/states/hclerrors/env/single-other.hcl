values { a = 1 b }
