values { a = 1
}
