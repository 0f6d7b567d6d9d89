values x 1 {
}
