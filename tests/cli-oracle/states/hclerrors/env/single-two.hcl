values { a b }
