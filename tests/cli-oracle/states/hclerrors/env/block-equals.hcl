values "x" = {
}
